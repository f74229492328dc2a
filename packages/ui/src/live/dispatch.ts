import {
  communityLikeEventSchema,
  communityPostEventSchema,
  type Discussion,
  discussionReplyEventSchema,
  type LiveEventName,
  moderationQueueEventSchema,
  type NotificationListResponse,
  notificationEventSchema,
  notificationReadEventSchema,
} from '@mentora/contract';
import type { QueryClient } from '@tanstack/react-query';
import { moderationKeys } from '../pages/admin/moderation/queries';
import { type CommunityPages, communityKeys } from '../pages/community/queries';
import { mentorOverviewKey } from '../pages/dashboard/useMentorOverview';
import { discussionKeys } from '../pages/discussions/queries';
import { notificationKeys } from './notifications';

function onNotification(queryClient: QueryClient, data: unknown) {
  const parsed = notificationEventSchema.safeParse(data);
  if (!parsed.success) return;
  const { notification, unreadCount } = parsed.data;
  // A mentor is told of enrolments, new discussions and sessions: what their dashboard lists.
  void queryClient.invalidateQueries({ queryKey: mentorOverviewKey });
  const cached = queryClient.getQueryData<NotificationListResponse>(notificationKeys.latest);
  if (!cached) {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    return;
  }
  // A grouped notification (likes) comes again when it changes: it moves to the top, once.
  queryClient.setQueryData<NotificationListResponse>(notificationKeys.latest, {
    ...cached,
    notifications: [notification, ...cached.notifications.filter((n) => n._id !== notification._id)],
    unreadCount,
  });
}

function onNotificationRead(queryClient: QueryClient, data: unknown) {
  const parsed = notificationReadEventSchema.safeParse(data);
  if (!parsed.success) return;
  const { unreadCount } = parsed.data;
  const cached = queryClient.getQueryData<NotificationListResponse>(notificationKeys.latest);
  if (!cached) return;
  if (unreadCount === 0) {
    queryClient.setQueryData<NotificationListResponse>(notificationKeys.latest, {
      ...cached,
      notifications: cached.notifications.map((n) => (n.read ? n : { ...n, read: true })),
      unreadCount,
    });
    return;
  }
  // Which ones were read is not said: keep the count now, fetch the list again.
  queryClient.setQueryData<NotificationListResponse>(notificationKeys.latest, { ...cached, unreadCount });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

function onDiscussionReply(queryClient: QueryClient, data: unknown) {
  const parsed = discussionReplyEventSchema.safeParse(data);
  if (!parsed.success) return;
  const { discussionId, reply, replyCount } = parsed.data;
  queryClient.setQueryData<Discussion>(discussionKeys.detail(discussionId), (discussion) => {
    // The poster's own reply may already be there (the answer of their POST): each reply once.
    if (!discussion || discussion.replies.some((r) => r._id === reply._id)) return discussion;
    return { ...discussion, replies: [...discussion.replies, reply], replyCount };
  });
  void queryClient.invalidateQueries({ queryKey: discussionKeys.lists });
  void queryClient.invalidateQueries({ queryKey: mentorOverviewKey });
}

function onCommunityPost(queryClient: QueryClient, data: unknown) {
  const parsed = communityPostEventSchema.safeParse(data);
  if (!parsed.success) return;
  const { post } = parsed.data;
  for (const [key, cached] of queryClient.getQueriesData<CommunityPages>({ queryKey: communityKeys.lists })) {
    const filters = (key[2] ?? {}) as { category?: string; search?: string };
    // Only lists it belongs in: all or its category, and no search (the server decides what matches).
    if (filters.search || (filters.category && filters.category !== post.category)) continue;
    // A list still loading may be answered from before the post was made, and that answer would replace
    // anything put in now: cancel that request and fetch the list again (invalidating alone would not
    // do: TanStack Query lets a first load run on and marks its answer fresh).
    if (!cached || queryClient.getQueryState(key)?.fetchStatus === 'fetching') {
      const only = { queryKey: key, exact: true };
      void queryClient.cancelQueries(only).then(() => queryClient.refetchQueries(only));
      continue;
    }
    const [first, ...rest] = cached.pages;
    if (!first || cached.pages.some((page) => page.items.some((item) => item._id === post._id))) continue;
    queryClient.setQueryData<CommunityPages>(key, {
      ...cached,
      pages: [{ ...first, items: [post, ...first.items] }, ...rest],
    });
  }
}

function onCommunityLike(queryClient: QueryClient, data: unknown) {
  const parsed = communityLikeEventSchema.safeParse(data);
  if (!parsed.success) return;
  const { postId, likes } = parsed.data;
  queryClient.setQueriesData<CommunityPages>({ queryKey: communityKeys.lists }, (cached) =>
    cached
      ? {
          ...cached,
          pages: cached.pages.map((page) => ({
            ...page,
            items: page.items.map((post) => (post._id === postId ? { ...post, likes } : post)),
          })),
        }
      : cached,
  );
}

/**
 * The review queue changed (a report, a flag, a decision, maybe another admin's): the count is set, and
 * the open lists are fetched again, so a new entry shows without a reload.
 */
function onModerationQueue(queryClient: QueryClient, data: unknown) {
  const parsed = moderationQueueEventSchema.safeParse(data);
  if (!parsed.success) return;
  const before = queryClient.getQueryData<number>(moderationKeys.openCount);
  queryClient.setQueryData<number>(moderationKeys.openCount, parsed.data.openCount);
  // Our own decisions were taken out of the lists (and the count) already: a count that differs from
  // ours is someone else's report, flag or decision, and the lists are fetched again.
  if (before === undefined || parsed.data.openCount !== before) {
    void queryClient.invalidateQueries({ queryKey: moderationKeys.lists });
  }
  void queryClient.invalidateQueries({ queryKey: moderationKeys.stats });
}

/** Some events may have been lost: whatever they would have changed is fetched again. */
function onResync(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  void queryClient.invalidateQueries({ queryKey: mentorOverviewKey });
  void queryClient.invalidateQueries({ queryKey: discussionKeys.all });
  void queryClient.invalidateQueries({ queryKey: communityKeys.lists });
  void queryClient.invalidateQueries({ queryKey: moderationKeys.all });
}

/** Applies one live event to the query cache. Malformed data is ignored. */
export function applyLiveEvent(queryClient: QueryClient, name: LiveEventName, data: unknown): void {
  switch (name) {
    case 'notification':
      onNotification(queryClient, data);
      return;
    case 'notification.read':
      onNotificationRead(queryClient, data);
      return;
    case 'discussion.reply':
      onDiscussionReply(queryClient, data);
      return;
    case 'community.post':
      onCommunityPost(queryClient, data);
      return;
    case 'community.like':
      onCommunityLike(queryClient, data);
      return;
    case 'resync':
      onResync(queryClient);
      return;
    case 'moderation.queue':
      onModerationQueue(queryClient, data);
      return;
    case 'ready':
      return;
  }
}
