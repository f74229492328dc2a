import type { Discussion } from '@mentora/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeDiscussion, PAGE_TEST_TIMEOUT_MS } from '../../test/fixtures';
import { renderWithAuth, TEST_USER } from '../../test/renderWithAuth';
import { DiscussionDetailPage } from './DiscussionDetailPage';

const reply = (id: string, content: string, flagged = false) => ({
  _id: id,
  content,
  author: { _id: 'other', name: 'Bea Replier' },
  createdAt: '2026-02-02T10:00:00.000Z',
  sentiment: { label: 'NEGATIVE' as const, polarity: -0.6 },
  moderation: { flagged, reason: flagged ? 'Contains insulting language' : null },
});

const DISCUSSION: Discussion = makeDiscussion({
  _id: 'd1',
  title: 'About <b>tags</b>',
  content: 'Line one\n<img src=x onerror=alert(1)>',
  replies: [reply('r1', 'First!')],
  replyCount: 1,
});

function setup(replyAnswer: { status: number; data: unknown }, detail: Discussion = DISCUSSION) {
  return renderWithAuth(<DiscussionDetailPage />, {
    path: '/discussions/d1',
    route: '/discussions/:id',
    answer: (config) => {
      if (config.method === 'get' && config.url === '/discussions/d1') return { status: 200, data: detail };
      if (config.method === 'post' && config.url === '/discussions/d1/replies') return replyAnswer;
      return { status: 404, data: { message: 'Discussion not found' } };
    },
  });
}

describe('DiscussionDetailPage', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('shows user text as text, never as HTML', async () => {
    const { container } = setup({ status: 500, data: {} });
    expect(await screen.findByRole('heading', { level: 1, name: 'About <b>tags</b>' })).toBeInTheDocument();
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    expect(container.querySelector('img[src="x"], b')).toBeNull();
  });

  it('shows the replies of a long discussion a hundred at a time', async () => {
    const user = userEvent.setup();
    const replies = Array.from({ length: 150 }, (_, i) => reply(`r${i}`, `Reply number ${i}`));
    setup({ status: 500, data: {} }, { ...DISCUSSION, replies, replyCount: 150 });
    expect(await screen.findByText('Reply number 99')).toBeInTheDocument();
    expect(screen.getAllByRole('article', { name: 'Reply by Bea Replier' })).toHaveLength(100);
    expect(screen.queryByText('Reply number 100')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(screen.getAllByRole('article', { name: 'Reply by Bea Replier' })).toHaveLength(150);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows every reply up to the reader’s own once they reply to a long discussion', async () => {
    const user = userEvent.setup();
    const replies = Array.from({ length: 150 }, (_, i) => reply(`r${i}`, `Reply number ${i}`));
    const updated = { ...DISCUSSION, replies: [...replies, reply('mine', 'My late answer')], replyCount: 151 };
    setup({ status: 201, data: updated }, { ...DISCUSSION, replies, replyCount: 150 });
    expect(await screen.findByText('Reply number 99')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your reply'), 'My late answer');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByText('My late answer')).toBeInTheDocument();
    expect(screen.getAllByRole('article', { name: 'Reply by Bea Replier' })).toHaveLength(151);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('appends the reply from the updated discussion the server answers with', async () => {
    const user = userEvent.setup();
    const updated = { ...DISCUSSION, replies: [...DISCUSSION.replies, reply('r2', 'You idiot', true)], replyCount: 2 };
    setup({ status: 201, data: updated });
    await screen.findByText('First!');
    await user.type(screen.getByLabelText('Your reply'), 'You idiot');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    await screen.findByText('You idiot');
    const replies = screen.getAllByRole('article', { name: 'Reply by Bea Replier' });
    expect(replies).toHaveLength(2);
    const banner = within(replies[1] as HTMLElement).getByRole('note', { name: 'Flagged Content' });
    expect(banner).toHaveTextContent('Contains insulting language');
    expect(within(replies[0] as HTMLElement).queryByRole('note')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your reply')).toHaveValue('');
  });

  it('shows the enrolment 403 in the words of SPEC.md, and a general fallback otherwise', async () => {
    const user = userEvent.setup();
    const { unmount } = setup({
      status: 403,
      data: { message: 'You must be enrolled in the class to post a reply.' },
    });
    await screen.findByText('First!');
    await user.type(screen.getByLabelText('Your reply'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You must be enrolled in the class to post a reply.');
    unmount();

    setup({ status: 500, data: 'oops' });
    await screen.findByText('First!');
    await user.type(screen.getByLabelText('Your reply'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to post reply');
  });

  it('offers delete to the author only (among learners)', async () => {
    const { unmount } = setup({ status: 500, data: {} });
    await screen.findByText('First!');
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    unmount();
    setup({ status: 500, data: {} }, { ...DISCUSSION, author: { _id: TEST_USER._id, name: TEST_USER.name } });
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it("says 'Discussion not found' for a 404", async () => {
    renderWithAuth(<DiscussionDetailPage />, { path: '/discussions/nope', route: '/discussions/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Discussion not found' })).toBeInTheDocument();
  });
});
