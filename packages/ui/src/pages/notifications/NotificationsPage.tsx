import { NOTIFICATION_GROUPS, type NotificationGroup } from '@mentora/contract';
import { Bell, CheckCheck, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { LoadMore } from '../../components/LoadMore';
import { SegmentedControl } from '../../components/SegmentedControl';
import { buttonSecondary, textLink } from '../../components/styles';
import { NotificationItem, unreadText } from '../../layout/NotificationBell';
import { useMarkNotificationsRead, useNotificationPages, useNotifications } from '../../live/notifications';

// Every notification, not only the bell's latest (issue #37): paged, filtered on the server (unread, a
// group of kinds), the filters kept in the address so that a filtered list can be linked and reloaded.

type ReadFilter = 'all' | 'unread';
type GroupFilter = 'any' | NotificationGroup;

const READ_OPTIONS: ReadonlyArray<{ value: ReadFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
];

export const GROUP_LABELS: Readonly<Record<NotificationGroup, string>> = {
  discussions: 'Discussions',
  classes: 'Classes',
  community: 'Community',
  account: 'Moderation & account',
};

const GROUP_OPTIONS: ReadonlyArray<{ value: GroupFilter; label: string }> = [
  { value: 'any', label: 'Everything' },
  ...NOTIFICATION_GROUPS.map((group) => ({ value: group, label: GROUP_LABELS[group] })),
];

const isGroup = (value: string | null): value is NotificationGroup =>
  (NOTIFICATION_GROUPS as readonly string[]).includes(value ?? '');

function emptyTitle(unread: boolean, group: NotificationGroup | undefined): string {
  const where = group ? ` in ${GROUP_LABELS[group]}` : '';
  return unread ? `No unread notifications${where}` : `No notifications${where} yet`;
}

export function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const unread = params.get('unread') === 'true';
  const groupParam = params.get('group');
  const group = isGroup(groupParam) ? groupParam : undefined;
  const pages = useNotificationPages({ unread, group });
  // The bell's query has the unread count of every kind, whatever this page's filter.
  const latest = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unreadCount = latest.data?.unreadCount ?? pages.data?.pages[0]?.unreadCount ?? 0;
  const items = pages.data?.pages.flatMap((page) => page.notifications) ?? [];

  const setFilter = (name: 'unread' | 'group', value: string | undefined) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  };

  let list: ReactNode;
  if (pages.isPending) {
    list = <p className="py-12 text-center text-sm text-slate-600 dark:text-slate-400">Loading notifications…</p>;
  } else if (pages.isError && !pages.data) {
    list = (
      <p className="py-12 text-center text-sm text-slate-600 dark:text-slate-400">
        Notifications could not be loaded.{' '}
        <button type="button" className={textLink} onClick={() => void pages.refetch()}>
          Try again
        </button>
      </p>
    );
  } else if (items.length === 0) {
    list = (
      <EmptyState icon={Inbox} title={emptyTitle(unread, group)}>
        {unread || group
          ? 'Try another filter to see the rest.'
          : 'Replies, likes and news of your classes will show up here.'}
      </EmptyState>
    );
  } else {
    list = (
      <>
        <ul
          aria-label="Notifications"
          className="space-y-1 rounded-2xl border border-slate-200 bg-white p-1.5 shadow-sm sm:p-2 dark:border-slate-800 dark:bg-slate-900"
        >
          {items.map((notification) => (
            <NotificationItem
              key={notification._id}
              notification={notification}
              onOpen={() => {
                if (!notification.read) markRead.mutate({ ids: [notification._id] });
              }}
            />
          ))}
        </ul>
        {pages.hasNextPage && (
          <LoadMore loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()} />
        )}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            Notifications
          </h1>
          <p className="mt-2 text-slate-600 dark:text-slate-400">
            {unreadCount > 0 ? (
              <>
                <Bell aria-hidden="true" className="mr-1 inline size-4 align-[-2px]" />
                {unreadText(unreadCount)} unread, newest first.
              </>
            ) : (
              'All read. Newest first.'
            )}
          </p>
        </div>
        <button
          type="button"
          className={buttonSecondary}
          disabled={unreadCount === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          <CheckCheck aria-hidden="true" className="size-4" />
          Mark all as read
        </button>
      </div>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <SegmentedControl
          legend="Show"
          options={READ_OPTIONS}
          value={unread ? 'unread' : 'all'}
          onChange={(value) => setFilter('unread', value === 'unread' ? 'true' : undefined)}
        />
        <SegmentedControl
          legend="Kind"
          options={GROUP_OPTIONS}
          value={group ?? 'any'}
          onChange={(value) => setFilter('group', value === 'any' ? undefined : value)}
        />
      </div>

      <div className="mt-6" aria-busy={pages.isFetching && !pages.isFetchingNextPage}>
        {list}
      </div>
    </div>
  );
}
