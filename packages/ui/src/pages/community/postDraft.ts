// The create-post form's draft and its check against the contract's schema. Apart from posts.ts: the
// schema brings zod (about 27 KB), which only the create-post dialog needs, not the feed's first paint.
import { type CommunityCategory, createPostRequestSchema } from '@mentora/contract';

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
 * contract's own schema, so the form and the server agree on every rule and message.
 */
export function postRequestFrom(draft: PostDraft): PostDraftResult {
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
