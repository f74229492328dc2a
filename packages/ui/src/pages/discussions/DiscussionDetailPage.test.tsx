import { type Discussion, MESSAGES, type User } from '@mentora/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { localMoments } from '../../components/formatters';
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

  describe('hidden pending review', () => {
    const NOTICE = MESSAGES.moderation.hiddenNotice;
    const ADMIN: User = { ...TEST_USER, _id: 'admin-1', name: 'Root', role: 'admin' };
    const AUTHOR = { _id: 'author-1', name: 'Cal Author' };
    // As the server sends it: the text as written to its author and admins, the notice to everyone else.
    const asWritten = makeDiscussion({
      _id: 'd1',
      title: 'My rant',
      content: 'Everything is broken',
      author: AUTHOR,
      hidden: true,
      replies: [{ ...reply('r1', 'A hidden answer'), author: AUTHOR, hidden: true }],
      replyCount: 1,
    });
    const replaced = makeDiscussion({
      ...asWritten,
      title: NOTICE,
      content: NOTICE,
      replies: [{ ...reply('r1', NOTICE), author: AUTHOR, hidden: true }],
    });
    const show = (viewer: User, detail: Discussion) =>
      renderWithAuth(<DiscussionDetailPage />, {
        path: '/discussions/d1',
        route: '/discussions/:id',
        user: viewer,
        answer: () => ({ status: 200, data: detail }),
      });

    it('shows others the muted notice in place of the text, with no banner', async () => {
      show(TEST_USER, replaced);
      const notices = await screen.findAllByTestId('hidden-notice');
      // The discussion's text and its reply's.
      expect(notices).toHaveLength(2);
      expect(notices[0]).toHaveTextContent(NOTICE);
      expect(screen.queryByText(MESSAGES.moderation.onlyYouAndModerators)).not.toBeInTheDocument();
      expect(screen.queryByRole('note', { name: NOTICE })).not.toBeInTheDocument();
      // They may still report it.
      expect(screen.getByRole('button', { name: 'More actions for this discussion' })).toBeInTheDocument();
    });

    it('shows its author the text under a banner that only they and moderators see it', async () => {
      show({ ...TEST_USER, _id: AUTHOR._id, name: AUTHOR.name }, asWritten);
      expect(await screen.findByText('Everything is broken')).toBeInTheDocument();
      expect(screen.getByText('A hidden answer')).toBeInTheDocument();
      const banners = screen.getAllByRole('note', { name: NOTICE });
      expect(banners).toHaveLength(2);
      expect(banners[0]).toHaveTextContent(MESSAGES.moderation.onlyYouAndModerators);
      expect(screen.queryByTestId('hidden-notice')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();
    });

    it('shows an admin the text under a banner that others see the notice', async () => {
      show(ADMIN, asWritten);
      expect(await screen.findByText('Everything is broken')).toBeInTheDocument();
      const [banner] = screen.getAllByRole('note', { name: NOTICE });
      expect(banner).toHaveTextContent(MESSAGES.moderation.hiddenFromOthers);
      expect(screen.queryByTestId('hidden-notice')).not.toBeInTheDocument();
    });
  });

  it('shows the server’s sanction message when a silenced person replies', async () => {
    const user = userEvent.setup();
    const silenced = MESSAGES.server.silenced('2026-12-03T14:05:00.000Z', 'Insults');
    setup({ status: 403, data: { message: silenced } });
    await screen.findByText('First!');
    await user.type(screen.getByLabelText('Your reply'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(localMoments(silenced));
  });
});
