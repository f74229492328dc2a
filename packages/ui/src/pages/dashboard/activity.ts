import { type ClassItem, type Discussion, RECENT_ACTIVITY_ITEMS } from '@mentora/contract';

export type ActivityLabel = 'Enrolled in a class' | 'Participated in a class';

export interface ActivityItem {
  key: string;
  label: ActivityLabel;
  title: string;
  /** ISO 8601 */
  date: string;
  to: string;
}

/**
 * The dashboard's recent activity (SPEC.md section 2): the classes the person is enrolled in and the
 * discussions they started, newest first, at most RECENT_ACTIVITY_ITEMS. An enrolment is dated when the
 * person enrolled (enrolledAt on GET /classes/enrolled); the class's creation date only stands in for a
 * server too old to say.
 */
export function recentActivity(
  enrolled: readonly ClassItem[],
  discussions: readonly Discussion[],
  userId: string,
  limit: number = RECENT_ACTIVITY_ITEMS,
): ActivityItem[] {
  const items: ActivityItem[] = [
    ...enrolled.map((cls) => ({
      key: `class-${cls._id}`,
      label: 'Enrolled in a class' as const,
      title: cls.title,
      date: cls.enrolledAt ?? cls.createdAt,
      to: `/classes/${cls._id}`,
    })),
    ...discussions
      .filter((discussion) => discussion.author._id === userId)
      .map((discussion) => ({
        key: `discussion-${discussion._id}`,
        label: 'Participated in a class' as const,
        title: discussion.classId.title ? `${discussion.title} · ${discussion.classId.title}` : discussion.title,
        date: discussion.createdAt,
        to: `/discussions/${discussion._id}`,
      })),
  ];
  const time = (iso: string) => {
    const value = Date.parse(iso);
    return Number.isNaN(value) ? 0 : value;
  };
  return items.sort((a, b) => time(b.date) - time(a.date)).slice(0, Math.max(0, limit));
}

/** Classes with status completed, each counted once even when the person both teaches and takes it. */
export function completedCount(...lists: ReadonlyArray<readonly ClassItem[]>): number {
  const ids = new Set<string>();
  for (const list of lists) for (const cls of list) if (cls.status === 'completed') ids.add(cls._id);
  return ids.size;
}
