import { MESSAGES, type Notification, UNREAD_COUNT_MAX } from '@mentora/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../components/formatters';
import { applyLiveEvent } from '../live/dispatch';
import { renderWithAuth, sent } from '../test/renderWithAuth';
import { bellLabel, NotificationBell, unreadText } from './NotificationBell';

const notification = (id: string, read: boolean): Notification => ({
  _id: id,
  kind: 'discussion_reply',
  message: `Grace replied to your discussion “Linkers” ${id}`,
  link: '/discussions/d-1',
  read,
  actor: { _id: 'u-2', name: 'Grace' },
  count: 1,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

describe('bellLabel', () => {
  it('names the unread count only when there is one', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
  });

  it('says 99+ from the most the server counts (which means that many or more)', () => {
    expect(bellLabel(UNREAD_COUNT_MAX - 1)).toBe(`Notifications, ${UNREAD_COUNT_MAX - 1} unread`);
    expect(bellLabel(UNREAD_COUNT_MAX)).toBe('Notifications, 99+ unread');
    expect(unreadText(UNREAD_COUNT_MAX)).toBe('99+');
    expect(unreadText(7)).toBe('7');
  });
});

describe('NotificationBell', () => {
  it('shows the unread count, lists notifications, marks all read, and closes on Escape', async () => {
    const user = userEvent.setup();
    const { requests, queryClient } = renderWithAuth(<NotificationBell />, {
      path: '/dashboard',
      answer: (config) =>
        config.url === '/notifications/read'
          ? { status: 200, data: { unreadCount: 0 } }
          : {
              status: 200,
              data: {
                notifications: [notification('n-1', false), notification('n-2', true)],
                unreadCount: 1,
                nextCursor: null,
              },
            },
    });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(within(within(panel).getByRole('list')).getAllByRole('link')).toHaveLength(2);
    expect(within(panel).getAllByRole('link')[0]).toHaveAttribute('href', '/discussions/d-1');

    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(sent(requests, 'post', '/notifications/read')[0]?.data).toBe(JSON.stringify({ all: true }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));

    await user.keyboard('{Escape}');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveFocus();

    // A live notification brings the count back.
    act(() =>
      applyLiveEvent(queryClient, 'notification', { notification: notification('n-3', false), unreadCount: 1 }),
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('links to the notifications page, and closes on the way there (issue #37)', async () => {
    const user = userEvent.setup();
    renderWithAuth(<NotificationBell />, {
      path: '/dashboard',
      answer: () => ({
        status: 200,
        data: { notifications: [notification('n-1', false)], unreadCount: 1, nextCursor: null },
      }),
    });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const all = within(screen.getByRole('region', { name: 'Notifications' })).getByRole('link', {
      name: 'See all notifications',
    });
    expect(all).toHaveAttribute('href', '/notifications');
    await user.click(all);
    expect(screen.getByTestId('location')).toHaveTextContent('/notifications');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it('writes a sanction’s end as the app writes dates, not as the server’s UTC form', async () => {
    const user = userEvent.setup();
    const endsAt = '2026-12-02T04:57:00.000Z';
    const silenced = { ...notification('n-s', false), kind: 'silenced' as const, actor: null };
    silenced.message = MESSAGES.notifications.silenced(endsAt, 'spam');
    renderWithAuth(<NotificationBell />, {
      path: '/dashboard',
      answer: () => ({ status: 200, data: { notifications: [silenced], unreadCount: 1, nextCursor: null } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const link = within(within(screen.getByRole('region', { name: 'Notifications' })).getByRole('list')).getByRole(
      'link',
    );
    expect(link).toHaveTextContent(`Your account is silenced until ${formatDateTime(endsAt)}: spam`);
    expect(link).not.toHaveTextContent('UTC');
  });

  it('has an empty state', async () => {
    const user = userEvent.setup();
    renderWithAuth(<NotificationBell />, {
      path: '/dashboard',
      answer: () => ({ status: 200, data: { notifications: [], unreadCount: 0, nextCursor: null } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });
});
