import { MESSAGES } from '@mentora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { localMoments } from '../../components/formatters';
import { makePost, PAGE_TEST_TIMEOUT_MS } from '../../test/fixtures';
import { renderWithAuth, TEST_USER } from '../../test/renderWithAuth';
import { CommunityPage } from './CommunityPage';

vi.mock('react-hot-toast', () => ({ default: { error: vi.fn(), success: vi.fn() } }));

const OLD = makePost({ _id: 'p-old', title: 'Older post' });

/** A feed of one old post; a created post joins it, newest first, as on the server. */
function setup(createStatus = 201, refusal: unknown = {}) {
  const feed = [OLD];
  return renderWithAuth(<CommunityPage />, {
    path: '/community',
    route: '/community',
    answer: (config) => {
      if (config.method === 'get' && config.url === '/community') return { status: 200, data: [...feed] };
      if (config.method === 'post' && config.url === '/community') {
        if (createStatus !== 201) return { status: createStatus, data: refusal };
        const body = JSON.parse(String(config.data)) as { title: string; tags: string[]; category: 'help' };
        const post = makePost({ _id: 'p-new', ...body, author: { _id: TEST_USER._id, name: TEST_USER.name } });
        feed.unshift(post);
        return { status: 201, data: post };
      }
      if (config.method === 'post' && config.url?.endsWith('/replies')) return { status: createStatus, data: refusal };
      return { status: 404, data: {} };
    },
  });
}

const creates = <T extends { method?: string; url?: string }>(requests: T[]) =>
  requests.filter((r) => r.method === 'post' && r.url === '/community');

describe('the create-post dialog', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('needs a title and content, and sends nothing without them', async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    await screen.findByText('Older post');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a post' });
    // The dialog's code loads lazily: when it arrives after the click, React runs the effect that
    // moves focus a moment after the dialog is in the page, not within the click.
    await waitFor(() => expect(within(dialog).getByLabelText('Title')).toHaveFocus());
    await user.type(within(dialog).getByLabelText('Title'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Publish post' }));
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Content is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(creates(requests)).toHaveLength(0);
  });

  it('sends trimmed tags, closes, and puts the new post at the top', async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    await screen.findByText('Older post');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a post' });
    await user.type(within(dialog).getByLabelText('Title'), 'Brand new');
    await user.type(within(dialog).getByLabelText('Content'), 'Fresh content');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'help');
    await user.type(within(dialog).getByLabelText('Tags (optional)'), ' a , ,b ,');
    await user.click(within(dialog).getByRole('button', { name: 'Publish post' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(creates(requests).map((r) => JSON.parse(String(r.data)))).toEqual([
      { title: 'Brand new', content: 'Fresh content', category: 'help', tags: ['a', 'b'] },
    ]);
    const titles = within(screen.getByRole('list', { name: 'Posts' }))
      .getAllByRole('article')
      .map((article) => within(article).getByRole('heading').textContent);
    expect(titles[0]).toBe('Brand new');
  });

  it("says 'Failed to create post' inside the dialog when the server fails", async () => {
    const user = userEvent.setup();
    setup(500);
    await screen.findByText('Older post');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a post' });
    await user.type(within(dialog).getByLabelText('Title'), 'T');
    await user.type(within(dialog).getByLabelText('Content'), 'C');
    await user.click(within(dialog).getByRole('button', { name: 'Publish post' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to create post');
  });
});

describe('the feed', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it("says 'Failed to load community posts' when the list cannot be fetched", async () => {
    renderWithAuth(<CommunityPage />, {
      path: '/community',
      route: '/community',
      answer: () => ({ status: 500, data: {} }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load community posts');
  });

  it('deletes a post only after confirming, then focuses the page heading', async () => {
    const user = userEvent.setup();
    const mine = makePost({ _id: 'mine', title: 'Mine', author: { _id: TEST_USER._id, name: TEST_USER.name } });
    const { requests } = renderWithAuth(<CommunityPage />, {
      path: '/community',
      route: '/community',
      answer: (config) =>
        config.method === 'delete'
          ? { status: 200, data: { message: 'Post deleted successfully' } }
          : { status: 200, data: [mine, OLD] },
    });
    const card = await screen.findByRole('article', { name: 'Mine' });
    await user.click(within(card).getByRole('button', { name: 'Delete post' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this post?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((r) => r.method === 'delete')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Delete post' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete this post?' })).getByRole('button', {
        name: 'Delete post',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Mine' })).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'delete').map((r) => r.url)).toEqual(['/community/mine']);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Community' })).toHaveFocus());
  });

  it('offers delete on my own posts only', async () => {
    renderWithAuth(<CommunityPage />, {
      path: '/community',
      route: '/community',
      answer: () => ({
        status: 200,
        data: [makePost({ _id: 'mine', title: 'Mine', author: { _id: TEST_USER._id, name: TEST_USER.name } }), OLD],
      }),
    });
    const mine = await screen.findByRole('article', { name: 'Mine' });
    expect(within(mine).getByRole('button', { name: 'Delete post' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Older post' })).queryByRole('button', { name: 'Delete post' }),
    ).not.toBeInTheDocument();
  });
});

describe('sanctions and hidden posts', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  const silenced = MESSAGES.server.silenced('2026-12-03T14:05:00.000Z', 'Flooding the feed');

  it('shows a silenced person the server’s message when they post', async () => {
    const user = userEvent.setup();
    setup(403, { message: silenced });
    await screen.findByText('Older post');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a post' });
    await user.type(within(dialog).getByLabelText('Title'), 'T');
    await user.type(within(dialog).getByLabelText('Content'), 'C');
    await user.click(within(dialog).getByRole('button', { name: 'Publish post' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(localMoments(silenced));
  });

  it('tells a silenced person before they type, and closes the ways to publish', async () => {
    const endsAt = new Date(Date.now() + 86_400_000).toISOString();
    renderWithAuth(<CommunityPage />, {
      path: '/community',
      route: '/community',
      silence: { reason: 'Flooding the feed', endsAt },
      answer: () => ({ status: 200, data: [OLD] }),
    });
    await screen.findByText('Older post');
    expect(screen.getByTestId('silence-notice')).toHaveTextContent('Flooding the feed');
    expect(screen.getByRole('button', { name: 'Create Post' })).toBeDisabled();
    expect(screen.getByLabelText('Reply to Older post')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reply' })).toBeDisabled();
    // Said once for the page, not beside every post.
    expect(screen.getAllByTestId('silence-notice')).toHaveLength(1);
  });

  it('shows a silenced person the server’s message when they reply', async () => {
    const user = userEvent.setup();
    setup(403, { message: silenced });
    await screen.findByText('Older post');
    await user.type(screen.getByLabelText('Reply to Older post'), 'Me too');
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(localMoments(silenced));
  });

  it('shows others a hidden post as the muted notice, without its face or tags', async () => {
    const notice = MESSAGES.moderation.hiddenNotice;
    renderWithAuth(<CommunityPage />, {
      path: '/community',
      route: '/community',
      answer: (config) =>
        config.method === 'get' && config.url === '/community'
          ? { status: 200, data: [makePost({ _id: 'p-h', title: notice, content: notice, hidden: true })] }
          : { status: 404, data: {} },
    });
    const article = await screen.findByRole('article', { name: notice });
    expect(within(article).getByTestId('hidden-notice')).toHaveTextContent(notice);
    expect(within(article).queryByRole('note')).not.toBeInTheDocument();
    expect(within(article).getByRole('button', { name: /More actions for the post/ })).toBeInTheDocument();
    // What they cannot read they cannot like or answer: the count stays, the controls go.
    expect(within(article).queryByRole('button', { name: /^Like/ })).not.toBeInTheDocument();
    expect(within(article).getByText('0 likes')).toBeInTheDocument();
    expect(within(article).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows the notice at once when the reader’s own report hides the post, without a reload (issue #37.9)', async () => {
    const user = userEvent.setup();
    const notice = MESSAGES.moderation.hiddenNotice;
    let hidden = false;
    const { requests } = renderWithAuth(<CommunityPage />, {
      path: '/community',
      route: '/community',
      answer: (config) => {
        if (config.method === 'get' && config.url === '/community') {
          return {
            status: 200,
            data: [hidden ? makePost({ ...OLD, title: notice, content: notice, hidden: true }) : OLD],
          };
        }
        if (config.method === 'post' && config.url === '/reports') {
          // The third report: the server hid the post as it recorded it.
          hidden = true;
          const report = {
            _id: 'rep1',
            targetType: 'post',
            targetId: OLD._id,
            reason: 'spam',
            note: '',
            entryId: 'e1',
            createdAt: '2026-03-04T10:00:00.000Z',
            updatedAt: '2026-03-04T10:00:00.000Z',
          };
          return { status: 201, data: { report, hidden: true } };
        }
        return { status: 404, data: {} };
      },
    });
    const article = await screen.findByRole('article', { name: 'Older post' });
    await user.click(within(article).getByRole('button', { name: /More actions for the post/ }));
    await user.click(screen.getByRole('button', { name: 'Report post' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    const shown = await screen.findByRole('article', { name: notice });
    expect(within(shown).getByTestId('hidden-notice')).toHaveTextContent(notice);
    expect(screen.queryByText('Older post')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'get' && r.url === '/community').length).toBeGreaterThan(1);
  });
});
