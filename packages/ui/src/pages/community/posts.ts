import { COMMUNITY_CATEGORIES, type CommunityCategory, type CommunityPost } from '@mentora/contract';

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

/** The post as it looks once `userId` has toggled their like: what the server will answer, shown at once. */
export function withLikeToggled(post: CommunityPost, userId: string): CommunityPost {
  const likes = post.likes.includes(userId) ? post.likes.filter((id) => id !== userId) : [...post.likes, userId];
  return { ...post, likes };
}
