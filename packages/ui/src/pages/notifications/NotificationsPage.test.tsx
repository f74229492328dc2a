import type { Notification } from '@mentora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { renderWithAuth, sent } from '../../test/renderWithAuth';
import { NotificationsPage } from './NotificationsPage';

const at = new Date().toISOString();
const note = (id: string, read: boolean, o: Partial<Notification> = {}): Notification => ({
  _id: id,
  kind: 'discussion_reply',
  message: `Grace replied to your discussion “Linkers” ${id}`,
  link: `/discussions/${id}`,
  read,
  actor: { _id: 'u-2', name: 'Grace' },
  count: 1,
  createdAt: at,
  updatedAt: at,
  ...o,
});

/** A server of 25 notifications (the first 3 unread), paged by 20 and filtered as GET /notifications does. */
function server() {
  const all = Array.from({ length: 25 }, (_, i) =>
    note(`n-${i}`, i >= 3, i % 5 === 4 ? { kind: 'material_added', link: '/classes/c-1' } : {}),
  );
  let unread = 3;
  return (config: InternalAxiosRequestConfig) => {
    if (config.url === '/notifications/read') {
      for (const n of all) n.read = true;
      unread = 0;
      return { status: 200, data: { unreadCount: 0 } };
    }
    const params = (config.params ?? {}) as Record<string, string | number | undefined>;
    const groupKinds: Record<string, string[]> = { classes: ['material_added'], discussions: ['discussion_reply'] };
    const matching = all.filter(
      (n) =>
        (params.unread !== 'true' || !n.read) && (!params.group || groupKinds[String(params.group)]?.includes(n.kind)),
    );
    const from = params.cursor ? Number(params.cursor) : 0;
    const limit = Number(params.limit ?? 20);
    const page = matching.slice(from, from + limit);
    const nextCursor = from + limit < matching.length ? String(from + limit) : null;
    return { status: 200, data: { notifications: page, unreadCount: unread, nextCursor } };
  };
}

const listed = () => within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('link');

describe('NotificationsPage', () => {
  it('lists every notification page by page, each linking where it points', async () => {
    const user = userEvent.setup();
    renderWithAuth(<NotificationsPage />, { path: '/notifications', answer: server() });
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(listed()).toHaveLength(20));
    expect(listed()[0]).toHaveAttribute('href', '/discussions/n-0');
    expect(listed()[4]).toHaveAttribute('href', '/classes/c-1');
    expect(screen.getByText('3 unread, newest first.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(listed()).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('filters by unread and by kind, on the server, and keeps the filters in the address', async () => {
    const user = userEvent.setup();
    const { requests } = renderWithAuth(<NotificationsPage />, { path: '/notifications', answer: server() });
    await waitFor(() => expect(listed()).toHaveLength(20));

    await user.click(screen.getByRole('radio', { name: 'Unread' }));
    await waitFor(() => expect(listed()).toHaveLength(3));
    expect(screen.getByTestId('location')).toHaveTextContent('/notifications?unread=true');
    expect(requests.some((r) => (r.params as { unread?: string }).unread === 'true')).toBe(true);

    await user.click(screen.getByRole('radio', { name: 'All' }));
    await user.click(screen.getByRole('radio', { name: 'Classes' }));
    await waitFor(() => expect(listed()).toHaveLength(5));
    expect(listed().every((link) => link.getAttribute('href') === '/classes/c-1')).toBe(true);
    expect(screen.getByTestId('location')).toHaveTextContent('/notifications?group=classes');
  });

  it('marks all as read, then says all read and the unread filter is empty', async () => {
    const user = userEvent.setup();
    const { requests } = renderWithAuth(<NotificationsPage />, {
      path: '/notifications?unread=true',
      answer: server(),
    });
    await waitFor(() => expect(listed()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(sent(requests, 'post', '/notifications/read')[0]?.data).toBe(JSON.stringify({ all: true }));
    expect(await screen.findByText('No unread notifications')).toBeInTheDocument();
    expect(screen.getByText('All read. Newest first.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('says so when there is nothing yet', async () => {
    renderWithAuth(<NotificationsPage />, {
      path: '/notifications',
      answer: () => ({ status: 200, data: { notifications: [], unreadCount: 0, nextCursor: null } }),
    });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByText('Replies, likes and news of your classes will show up here.')).toBeInTheDocument();
  });
});
