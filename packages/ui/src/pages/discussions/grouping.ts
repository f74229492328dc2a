import { DISCUSSION_FILTERS, type Discussion } from '@mentora/contract';

export type DiscussionFilter = (typeof DISCUSSION_FILTERS)[number];

export const FILTER_LABELS: Record<DiscussionFilter, string> = {
  all: 'All',
  'my-posts': 'My posts',
  'my-replies': 'My replies',
};

export function isDiscussionFilter(value: string | null): value is DiscussionFilter {
  return value !== null && DISCUSSION_FILTERS.some((filter) => filter === value);
}

/**
 * SPEC.md section 2's filters: all; my-posts (the author is me); my-replies (I replied: the list items
 * carry `repliedByMe`, not reply bodies).
 */
export function filterDiscussions(
  discussions: readonly Discussion[],
  filter: DiscussionFilter,
  userId: string | undefined,
): Discussion[] {
  switch (filter) {
    case 'my-posts':
      return discussions.filter((discussion) => userId !== undefined && discussion.author._id === userId);
    case 'my-replies':
      return discussions.filter((discussion) => discussion.repliedByMe === true);
    default:
      return [...discussions];
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
