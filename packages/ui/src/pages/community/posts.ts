import {
  COMMUNITY_CATEGORIES,
  type CommunityCategory,
  type CommunityPost,
  createPostRequestSchema,
} from '@mentora/contract';

export const CATEGORY_LABELS: Record<CommunityCategory, string> = {
  general: 'General',
  question: 'Question',
  announcement: 'Announcement',
  help: 'Help',
};

export type CategoryFilter = 'all' | CommunityCategory;

export const CATEGORY_FILTERS: ReadonlyArray<{ value: CategoryFilter; label: string }> = [
  { value: 'all', label: 'All' },
  ...COMMUNITY_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] })),
];

export function isCommunityCategory(value: string): value is CommunityCategory {
  return COMMUNITY_CATEGORIES.some((category) => category === value);
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

/** The post as it looks once `userId` has toggled their like: what the server will answer, shown at once. */
export function withLikeToggled(post: CommunityPost, userId: string): CommunityPost {
  const likes = post.likes.includes(userId) ? post.likes.filter((id) => id !== userId) : [...post.likes, userId];
  return { ...post, likes };
}
