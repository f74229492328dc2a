// The create-post form's draft and its check against the contract's schema. The schema comes with the
// forms' rules (the contract's requests.ts, and zod), loaded when the dialog opens, not with the dialog:
// the feed mounts the dialog once the page has loaded, and evaluating the rules there would be a long
// main-thread task that nobody who never opens the dialog needs.
import type { CommunityCategory } from '@mentora/contract';
import { preloadable } from '../../components/preloadable';

const loadRules = preloadable(() => import('@mentora/contract/requests'));

/** Starts loading the form's rules (when the dialog opens); a failure is left to the check that needs them. */
export function preloadPostRules(): void {
  loadRules().catch(() => undefined);
}

export interface PostDraft {
  title: string;
  content: string;
  category: string;
  /** As typed: comma-separated. */
  tags: string;
}

export interface PostRequest {
  title: string;
  content: string;
  category: CommunityCategory;
  tags: string[];
}

export type PostDraftField = keyof PostDraft;

export type PostDraftResult =
  | { ok: true; request: PostRequest }
  | { ok: false; errors: Partial<Record<PostDraftField, string>> };

/**
 * The create-post form as the request to send (SPEC.md section 5): title and content required after
 * trimming, tags split at commas, trimmed, empties dropped, within the contract's limits. Checked with the
 * contract's own schema, so the form and the server agree on every rule and message. Waits for the
 * rules when they have not arrived yet, and rejects when they cannot be loaded.
 */
export async function postRequestFrom(draft: PostDraft): Promise<PostDraftResult> {
  const { createPostRequestSchema } = await loadRules();
  const parsed = createPostRequestSchema.safeParse({
    title: draft.title,
    content: draft.content,
    category: draft.category,
    tags: draft.tags,
  });
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: Partial<Record<PostDraftField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'title' || field === 'content' || field === 'category' || field === 'tags') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return { ok: false, errors };
}
