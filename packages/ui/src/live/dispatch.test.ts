import type {
  CommunityPost,
  Discussion,
  DiscussionReply,
  Notification,
  NotificationListResponse,
} from '@mentora/contract';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { moderationKeys } from '../pages/admin/moderation/queries';
import { type CommunityPages, communityKeys } from '../pages/community/queries';
import { discussionKeys } from '../pages/discussions/queries';
import { applyLiveEvent } from './dispatch';
import { notificationKeys } from './notifications';

const sentiment = { label: 'NEUTRAL', polarity: 0 } as const;
const moderation = { flagged: false, reason: null };
const person = { _id: 'u-2', name: 'Grace Hopper' };

const reply = (id: string): DiscussionReply => ({
  _id: id,
  content: `Reply ${id}`,
  author: person,
  createdAt: '2026-05-01T10:00:00.000Z',
  sentiment,
  moderation,
});

const discussion = (replies: DiscussionReply[]): Discussion => ({
  _id: 'd-1',
  title: 'Linkers',
  content: 'What do they do?',
  classId: { _id: 'c-1', title: 'Compilers' },
  author: { _id: 'u-1', name: 'Ada Lovelace' },
  replies,
  replyCount: replies.length,
  createdAt: '2026-05-01T09:00:00.000Z',
  sentiment,
  moderation,
});

const post = (id: string, category: CommunityPost['category'] = 'general'): CommunityPost => ({
  _id: id,
  title: `Post ${id}`,
  content: 'Hello',
  category,
  tags: [],
  author: person,
  likes: [],
  replies: [],
  sentiment,
  moderation,
  createdAt: '2026-05-01T09:00:00.000Z',
});

const pages = (...lists: CommunityPost[][]): CommunityPages => ({
  pages: lists.map((items, index) => ({ items, nextCursor: index < lists.length - 1 ? `c${index}` : null })),
  pageParams: lists.map((_, index) => (index === 0 ? undefined : `c${index - 1}`)),
});

const notification = (id: string, read = false): Notification => ({
  _id: id,
  kind: 'discussion_reply',
  message: `Grace Hopper replied to your discussion “Linkers” (${id})`,
  link: '/discussions/d-1',
  read,
  actor: person,
  count: 1,
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
});

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient();
});

describe('discussion.reply', () => {
  it('appends the reply to the open discussion once, however often it arrives', () => {
    queryClient.setQueryData(discussionKeys.detail('d-1'), discussion([reply('r-1')]));
    const event = { discussionId: 'd-1', classId: 'c-1', reply: reply('r-2'), replyCount: 2 };
    applyLiveEvent(queryClient, 'discussion.reply', event);
    applyLiveEvent(queryClient, 'discussion.reply', event);
    const cached = queryClient.getQueryData<Discussion>(discussionKeys.detail('d-1'));
    expect(cached?.replies.map((r) => r._id)).toEqual(['r-1', 'r-2']);
    expect(cached?.replyCount).toBe(2);
  });

  it('skips a reply the poster already has from their own POST answer', () => {
    queryClient.setQueryData(discussionKeys.detail('d-1'), discussion([reply('r-1'), reply('r-2')]));
    applyLiveEvent(queryClient, 'discussion.reply', {
      discussionId: 'd-1',
      classId: 'c-1',
      reply: reply('r-2'),
      replyCount: 2,
    });
    expect(queryClient.getQueryData<Discussion>(discussionKeys.detail('d-1'))?.replies).toHaveLength(2);
  });

  it('leaves other discussions and uncached ones alone, and ignores malformed data', () => {
    queryClient.setQueryData(discussionKeys.detail('d-1'), discussion([]));
    applyLiveEvent(queryClient, 'discussion.reply', {
      discussionId: 'd-9',
      classId: 'c-1',
      reply: reply('r-5'),
      replyCount: 1,
    });
    applyLiveEvent(queryClient, 'discussion.reply', { discussionId: 'd-1' });
    expect(queryClient.getQueryData<Discussion>(discussionKeys.detail('d-1'))?.replies).toHaveLength(0);
    expect(queryClient.getQueryData(discussionKeys.detail('d-9'))).toBeUndefined();
  });
});

describe('community events', () => {
  const all = communityKeys.list({});
  const help = communityKeys.list({ category: 'help' });
  const searched = communityKeys.list({ search: 'hello' });

  it('prepends a new post to the lists it belongs in, once', () => {
    queryClient.setQueryData(all, pages([post('p-1')], [post('p-0')]));
    queryClient.setQueryData(help, pages([]));
    queryClient.setQueryData(searched, pages([post('p-1')]));
    applyLiveEvent(queryClient, 'community.post', { post: post('p-2') });
    applyLiveEvent(queryClient, 'community.post', { post: post('p-2') });
    expect(queryClient.getQueryData<CommunityPages>(all)?.pages[0]?.items.map((p) => p._id)).toEqual(['p-2', 'p-1']);
    expect(queryClient.getQueryData<CommunityPages>(help)?.pages[0]?.items).toHaveLength(0);
    expect(queryClient.getQueryData<CommunityPages>(searched)?.pages[0]?.items.map((p) => p._id)).toEqual(['p-1']);
  });

  it('fetches a list again when a post arrives while its first page is loading, so the post is not lost', async () => {
    // The first answer left the server before the post existed; the next one has it.
    const answers: CommunityPost[][] = [[], [post('p-2')]];
    let calls = 0;
    let releaseFirst = () => {};
    const observer = new InfiniteQueryObserver(queryClient, {
      queryKey: all,
      initialPageParam: undefined as string | undefined,
      getNextPageParam: () => undefined,
      queryFn: async () => {
        const items = answers[calls] ?? [];
        calls += 1;
        if (calls === 1) await new Promise<void>((resolve) => (releaseFirst = resolve));
        return { items, nextCursor: null };
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    try {
      await vi.waitFor(() => expect(calls).toBe(1));
      applyLiveEvent(queryClient, 'community.post', { post: post('p-2') });
      releaseFirst();
      await vi.waitFor(() =>
        expect(queryClient.getQueryData<CommunityPages>(all)?.pages[0]?.items.map((p) => p._id)).toEqual(['p-2']),
      );
    } finally {
      unsubscribe();
    }
  });

  it('does not prepend a post already on a later page', () => {
    queryClient.setQueryData(all, pages([post('p-2')], [post('p-1')]));
    applyLiveEvent(queryClient, 'community.post', { post: post('p-1') });
    expect(queryClient.getQueryData<CommunityPages>(all)?.pages.flatMap((p) => p.items.map((i) => i._id))).toEqual([
      'p-2',
      'p-1',
    ]);
  });

  it('updates the likes of a post wherever it is listed', () => {
    queryClient.setQueryData(all, pages([post('p-2')], [post('p-1')]));
    applyLiveEvent(queryClient, 'community.like', { postId: 'p-1', likes: ['u-1', 'u-3'], likeCount: 2 });
    const items = queryClient.getQueryData<CommunityPages>(all)?.pages.flatMap((p) => p.items) ?? [];
    expect(items.find((p) => p._id === 'p-1')?.likes).toEqual(['u-1', 'u-3']);
    expect(items.find((p) => p._id === 'p-2')?.likes).toEqual([]);
  });
});

describe('notifications', () => {
  const list = (notifications: Notification[], unreadCount: number): NotificationListResponse => ({
    notifications,
    unreadCount,
    nextCursor: null,
  });

  it('puts a new or updated notification on top, once, with the new unread count', () => {
    queryClient.setQueryData(notificationKeys.latest, list([notification('n-1', true), notification('n-2')], 1));
    applyLiveEvent(queryClient, 'notification', { notification: notification('n-2'), unreadCount: 1 });
    applyLiveEvent(queryClient, 'notification', { notification: notification('n-3'), unreadCount: 2 });
    const cached = queryClient.getQueryData<NotificationListResponse>(notificationKeys.latest);
    expect(cached?.notifications.map((n) => n._id)).toEqual(['n-3', 'n-2', 'n-1']);
    expect(cached?.unreadCount).toBe(2);
  });

  it('marks everything read when another tab read them all', () => {
    queryClient.setQueryData(notificationKeys.latest, list([notification('n-1'), notification('n-2')], 2));
    applyLiveEvent(queryClient, 'notification.read', { unreadCount: 0 });
    const cached = queryClient.getQueryData<NotificationListResponse>(notificationKeys.latest);
    expect(cached?.unreadCount).toBe(0);
    expect(cached?.notifications.every((n) => n.read)).toBe(true);
  });
});

describe('resync', () => {
  it('invalidates notifications, discussions and community lists', () => {
    queryClient.setQueryData(notificationKeys.latest, { notifications: [], unreadCount: 0, nextCursor: null });
    queryClient.setQueryData(discussionKeys.detail('d-1'), discussion([]));
    queryClient.setQueryData(communityKeys.list({}), pages([]));
    queryClient.setQueryData(['classes', 'x'], 1);
    applyLiveEvent(queryClient, 'resync', { reason: 'gap' });
    expect(queryClient.getQueryState(notificationKeys.latest)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(discussionKeys.detail('d-1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(communityKeys.list({}))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['classes', 'x'])?.isInvalidated).toBe(false);
  });
});

describe('moderation.queue', () => {
  it('sets the open count, and fetches the lists again when the count is not the one we have', () => {
    queryClient.setQueryData(moderationKeys.openCount, 3);
    queryClient.setQueryData(moderationKeys.list({ status: 'open' }), { pages: [], pageParams: [] });
    applyLiveEvent(queryClient, 'moderation.queue', { openCount: 3 });
    expect(queryClient.getQueryState(moderationKeys.list({ status: 'open' }))?.isInvalidated).toBe(false);
    applyLiveEvent(queryClient, 'moderation.queue', { openCount: 4 });
    expect(queryClient.getQueryData(moderationKeys.openCount)).toBe(4);
    expect(queryClient.getQueryState(moderationKeys.list({ status: 'open' }))?.isInvalidated).toBe(true);
  });

  it('ignores a malformed event', () => {
    queryClient.setQueryData(moderationKeys.openCount, 3);
    applyLiveEvent(queryClient, 'moderation.queue', { openCount: 'many' });
    expect(queryClient.getQueryData(moderationKeys.openCount)).toBe(3);
  });
});
