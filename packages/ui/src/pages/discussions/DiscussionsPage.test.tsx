import { MESSAGES } from '@mentora/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeDiscussion, PAGE_TEST_TIMEOUT_MS } from '../../test/fixtures';
import { renderWithAuth, TEST_USER } from '../../test/renderWithAuth';
import { DiscussionsPage } from './DiscussionsPage';

const css = { _id: 'c-css', title: 'CSS layouts' };
const js = { _id: 'c-js', title: 'JavaScript basics' };
const me = { _id: TEST_USER._id, name: TEST_USER.name };

const PAGE_ONE = [
  makeDiscussion({ _id: 'd1', title: 'Closures?', classId: js, author: me }),
  makeDiscussion({ _id: 'd2', title: 'Grid or flex?', classId: css, repliedByMe: true, replyCount: 3 }),
];
const PAGE_TWO = [makeDiscussion({ _id: 'd3', title: 'Promises', classId: js })];
// What the server answers for ?mine=: from any page, not only the loaded one.
const MY_POSTS = [
  makeDiscussion({ _id: 'd1', title: 'Closures?', classId: js, author: me }),
  makeDiscussion({ _id: 'd9', title: 'An old question of mine', classId: css, author: me }),
];
const MY_REPLIES = [makeDiscussion({ _id: 'd8', title: 'Long ago I answered', classId: js, repliedByMe: true })];

function setup(status = 200, message = '') {
  return renderWithAuth(<DiscussionsPage />, {
    path: '/discussions',
    route: '/discussions',
    answer: (config) => {
      if (status !== 200) return { status, data: { message } };
      const { cursor, mine } = (config.params ?? {}) as { cursor?: string; mine?: string };
      if (mine === 'posts') return { status: 200, data: MY_POSTS };
      if (mine === 'replies') return { status: 200, data: MY_REPLIES };
      return cursor === 'next-1'
        ? { status: 200, data: PAGE_TWO }
        : { status: 200, data: PAGE_ONE, headers: { 'x-next-cursor': 'next-1' } };
    },
  });
}

describe('DiscussionsPage', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('groups by class in sections that fold, and loads more with the next cursor', async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    const js = await screen.findByRole('region', { name: /JavaScript basics/ });
    const toggle = within(js).getByRole('button', { name: /JavaScript basics/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(js).getByRole('link', { name: 'Closures?' })).toHaveAttribute('href', '/discussions/d1');
    expect(within(screen.getByRole('region', { name: /CSS layouts/ })).getByText('3 replies')).toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(js).queryByRole('link', { name: 'Closures?' })).not.toBeInTheDocument();
    await user.click(toggle);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(js).findByRole('link', { name: 'Promises' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.map((r) => (r.params as { cursor?: string }).cursor)).toEqual([undefined, 'next-1']);
  });

  it('asks the server for my posts and my replies (?mine=) and shows what it answers', async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    await screen.findByRole('link', { name: 'Closures?' });
    const mineSent = () => requests.map((r) => (r.params as { mine?: string }).mine);
    expect(mineSent()).toEqual([undefined]);

    await user.click(screen.getByRole('radio', { name: 'My posts' }));
    expect(await screen.findByRole('link', { name: 'An old question of mine' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Closures?' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Grid or flex?' })).not.toBeInTheDocument();
    expect(mineSent()).toEqual([undefined, 'posts']);

    await user.click(screen.getByRole('radio', { name: 'My replies' }));
    expect(await screen.findByRole('link', { name: 'Long ago I answered' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Closures?' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Grid or flex?' })).not.toBeInTheDocument();
    expect(mineSent()).toEqual([undefined, 'posts', 'replies']);
  });

  it('shows the 403 as a friendly empty state with a way to the classes', async () => {
    setup(403, 'You are not enrolled in any classes');
    expect(await screen.findByText('You are not enrolled in any classes')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse classes' })).toHaveAttribute('href', '/classes');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("uses SPEC.md's words for a 401 and for other failures", async () => {
    const { unmount } = setup(401, 'Not signed in');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please log in to view discussions');
    unmount();
    setup(500, '');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load discussions');
  });

  it('lists a hidden discussion by its notice, muted, and marks the author’s own as hidden', async () => {
    const NOTICE = MESSAGES.moderation.hiddenNotice;
    renderWithAuth(<DiscussionsPage />, {
      path: '/discussions',
      route: '/discussions',
      answer: () => ({
        status: 200,
        data: [
          makeDiscussion({ _id: 'h1', title: NOTICE, content: NOTICE, classId: js, hidden: true }),
          makeDiscussion({ _id: 'h2', title: 'My hidden one', classId: js, author: me, hidden: true }),
        ],
      }),
    });
    const others = await screen.findByRole('link', { name: NOTICE });
    expect(others.closest('h3')).toHaveClass('italic');
    expect(within(others.closest('article') as HTMLElement).queryByText('Hidden')).not.toBeInTheDocument();
    const mine = screen.getByRole('link', { name: 'My hidden one' });
    expect(within(mine.closest('article') as HTMLElement).getByText('Hidden')).toBeInTheDocument();
  });
});
