import { DISCUSSION_FILTERS, type DISCUSSION_MINE, type Discussion } from '@mentora/contract';

export type DiscussionFilter = (typeof DISCUSSION_FILTERS)[number];
export type DiscussionMine = (typeof DISCUSSION_MINE)[number];

export const FILTER_LABELS: Record<DiscussionFilter, string> = {
  all: 'All',
  'my-posts': 'My posts',
  'my-replies': 'My replies',
};

export function isDiscussionFilter(value: string | null): value is DiscussionFilter {
  return value !== null && DISCUSSION_FILTERS.some((filter) => filter === value);
}

/**
 * SPEC.md section 2's filters, as GET /discussions' `?mine=`: the server filters, across all pages, so
 * "My posts" and "My replies" are not limited to what happens to be loaded. All sends none.
 */
export function mineOf(filter: DiscussionFilter): DiscussionMine | undefined {
  switch (filter) {
    case 'my-posts':
      return 'posts';
    case 'my-replies':
      return 'replies';
    default:
      return undefined;
  }
}

export interface ClassGroup {
  classId: string;
  classTitle: string;
  discussions: Discussion[];
}

/**
 * Discussions in sections by class. The list arrives newest first, so a class's section comes where its
 * newest discussion is, and each section keeps that order; a discussion loaded twice (pages that
 * overlapped while someone posted) appears once.
 */
export function groupByClass(discussions: readonly Discussion[]): ClassGroup[] {
  const groups = new Map<string, ClassGroup>();
  const seen = new Set<string>();
  for (const discussion of discussions) {
    if (seen.has(discussion._id)) continue;
    seen.add(discussion._id);
    const classId = discussion.classId._id;
    let group = groups.get(classId);
    if (!group) {
      group = { classId, classTitle: discussion.classId.title, discussions: [] };
      groups.set(classId, group);
    }
    group.discussions.push(discussion);
  }
  return [...groups.values()];
}
