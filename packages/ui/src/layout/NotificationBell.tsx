import { type Notification, UNREAD_COUNT_MAX } from '@mentora/contract';
import { Bell, CheckCheck } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { localMoments, relativeTime } from '../components/formatters';
import { Popover } from '../components/Popover';
import { focusRing, iconButton, textLink } from '../components/styles';
import { useMarkNotificationsRead, useNotifications } from '../live/notifications';

/** The unread count as the badge shows it: the server counts up to UNREAD_COUNT_MAX, which means that many or more. */
export function unreadText(unreadCount: number): string {
  return unreadCount >= UNREAD_COUNT_MAX ? `${UNREAD_COUNT_MAX - 1}+` : String(unreadCount);
}

/** "Notifications, 3 unread" (or "99+ unread") while some are unread, else "Notifications". */
export function bellLabel(unreadCount: number): string {
  return unreadCount > 0 ? `Notifications, ${unreadText(unreadCount)} unread` : 'Notifications';
}

export function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  return (
    <li>
      <Link
        to={notification.link}
        onClick={onOpen}
        className={`flex gap-3 rounded-lg px-3 py-2.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800 ${focusRing} ${
          notification.read
            ? 'text-slate-600 dark:text-slate-400'
            : 'bg-indigo-50/60 text-slate-900 dark:bg-indigo-500/10 dark:text-white'
        }`}
      >
        <span
          aria-hidden="true"
          className={`mt-1.5 size-2 shrink-0 rounded-full ${notification.read ? 'bg-transparent' : 'bg-indigo-600 dark:bg-indigo-400'}`}
        />
        <span className="min-w-0 flex-1">
          <span className={`block break-words ${notification.read ? '' : 'font-semibold'}`}>
            {localMoments(notification.message)}
            {!notification.read && <span className="sr-only"> (unread)</span>}
          </span>
          <time dateTime={notification.updatedAt} className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">
            {relativeTime(notification.updatedAt)}
          </time>
        </span>
      </Link>
    </li>
  );
}

/** The bell: an unread dot and count while something is unread, and a popover with the latest ones. */
export function NotificationBell() {
  const headingId = useId();
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unreadCount = list.data?.unreadCount ?? 0;
  const notifications = list.data?.notifications ?? [];

  const body = (close: () => void): ReactNode => {
    if (list.isPending)
      return <p className="px-3 py-6 text-center text-sm text-slate-600 dark:text-slate-400">Loading notifications…</p>;
    if (list.isError && !list.data)
      return (
        <p className="px-3 py-6 text-center text-sm text-slate-600 dark:text-slate-400">
          Notifications could not be loaded.{' '}
          <button type="button" className={textLink} onClick={() => void list.refetch()}>
            Try again
          </button>
        </p>
      );
    if (notifications.length === 0)
      return (
        <div className="px-3 py-8 text-center">
          <Bell aria-hidden="true" className="mx-auto size-6 text-slate-400" />
          <p className="mt-2 text-sm font-semibold text-slate-900 dark:text-white">No notifications yet</p>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            Replies, likes and class news will show up here.
          </p>
        </div>
      );
    return (
      <ul className="max-h-[min(28rem,calc(100dvh-8rem))] space-y-1 overflow-y-auto">
        {notifications.map((notification) => (
          <NotificationItem
            key={notification._id}
            notification={notification}
            onOpen={() => {
              close();
              if (!notification.read) markRead.mutate({ ids: [notification._id] });
            }}
          />
        ))}
      </ul>
    );
  };

  return (
    <Popover
      label={bellLabel(unreadCount)}
      className="sm:relative"
      buttonClassName={`${iconButton} relative`}
      button={() => (
        <>
          <Bell aria-hidden="true" className="size-5" />
          {unreadCount > 0 && (
            <span
              aria-hidden="true"
              data-testid="notification-badge"
              className="absolute top-1 right-1 inline-flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-4 font-bold text-white ring-2 ring-white dark:ring-slate-950"
            >
              {unreadText(unreadCount)}
            </span>
          )}
        </>
      )}
      labelledBy={headingId}
      panelClassName="absolute inset-x-2 top-16 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96 dark:border-slate-700 dark:bg-slate-900"
    >
      {(close) => (
        <>
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-3 pt-1.5 pb-2.5 dark:border-slate-700">
            <h2 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-white">
              Notifications
            </h2>
            <button
              type="button"
              className={`${textLink} inline-flex items-center gap-1 text-xs`}
              onClick={() => {
                if (unreadCount > 0) markRead.mutate({ all: true });
              }}
            >
              <CheckCheck aria-hidden="true" className="size-4" />
              Mark all as read
            </button>
          </div>
          <div className="pt-1.5">{body(close)}</div>
          {/* The bell lists the latest; the page has them all, with filters. */}
          <div className="mt-1.5 border-t border-slate-200 px-3 pt-2.5 pb-1.5 text-center dark:border-slate-700">
            <Link to="/notifications" onClick={close} className={`${textLink} text-sm`}>
              See all notifications
            </Link>
          </div>
        </>
      )}
    </Popover>
  );
}
