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

function setup(status = 200, message = '') {
  return renderWithAuth(<DiscussionsPage />, {
    path: '/discussions',
    route: '/discussions',
    answer: (config) => {
      if (status !== 200) return { status, data: { message } };
      const cursor = (config.params as { cursor?: string } | undefined)?.cursor;
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

  it('filters to my posts and my replies', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByRole('link', { name: 'Closures?' });
    await user.click(screen.getByRole('radio', { name: 'My posts' }));
    expect(screen.getByRole('link', { name: 'Closures?' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Grid or flex?' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'My replies' }));
    expect(screen.queryByRole('link', { name: 'Closures?' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Grid or flex?' })).toBeInTheDocument();
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
});
