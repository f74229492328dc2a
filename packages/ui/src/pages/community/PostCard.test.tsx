import type { CommunityPost } from '@mentora/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { makePost, PAGE_TEST_TIMEOUT_MS } from '../../test/fixtures';
import { renderWithAuth, TEST_USER } from '../../test/renderWithAuth';
import { CommunityPage } from './CommunityPage';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('react-hot-toast', () => ({ default: toast }));

const POST = makePost({ _id: 'p1', title: 'Hello world', likes: ['someone'] });

/** An adapter whose like answers wait until `release` is called. */
function heldLikes(likeStatus: number) {
  const requests: InternalAxiosRequestConfig[] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const respond = (config: InternalAxiosRequestConfig, status: number, data: unknown): AxiosResponse => ({
    status,
    statusText: String(status),
    data,
    headers: {},
    config,
  });
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    if (config.url === '/community' && config.method === 'get') return respond(config, 200, [POST]);
    if (config.url === '/community/p1/like') {
      await gate;
      if (likeStatus !== 200) {
        const response = respond(config, likeStatus, {});
        throw new AxiosError('failed', AxiosError.ERR_BAD_RESPONSE, config, null, response);
      }
      const liked: CommunityPost = { ...POST, likes: [...POST.likes, TEST_USER._id] };
      return respond(config, 200, liked);
    }
    throw new AxiosError('unexpected', AxiosError.ERR_BAD_REQUEST, config);
  };
  return { adapter, requests, release: () => release() };
}

const likeRequests = (requests: InternalAxiosRequestConfig[]) => requests.filter((r) => r.url === '/community/p1/like');

describe('the like button', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('shows the like at once, stays disabled while the toggle is in flight, and sends one toggle per click', async () => {
    const user = userEvent.setup();
    const held = heldLikes(200);
    renderWithAuth(<CommunityPage />, { path: '/community', route: '/community', adapter: held.adapter });
    const like = await screen.findByRole('button', { name: 'Like, 1 like' });
    expect(like).toHaveAttribute('aria-pressed', 'false');

    await user.click(like);
    // The optimistic update lands after the click's own events (TanStack Query's onMutate is async).
    const pressed = await screen.findByRole('button', { name: 'Like, 2 likes' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(pressed).toBeDisabled();
    await user.dblClick(pressed);
    expect(likeRequests(held.requests)).toHaveLength(1);

    held.release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like, 2 likes' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Like, 2 likes' })).toHaveAttribute('aria-pressed', 'true');
    expect(likeRequests(held.requests)).toHaveLength(1);
  });

  it("rolls the like back and says 'Failed to like post' when the server refuses", async () => {
    const user = userEvent.setup();
    const held = heldLikes(500);
    renderWithAuth(<CommunityPage />, { path: '/community', route: '/community', adapter: held.adapter });
    await user.click(await screen.findByRole('button', { name: 'Like, 1 like' }));
    expect(await screen.findByRole('button', { name: 'Like, 2 likes' })).toHaveAttribute('aria-pressed', 'true');
    held.release();
    const back = await screen.findByRole('button', { name: 'Like, 1 like' });
    expect(back).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(back).toBeEnabled());
    expect(toast.error).toHaveBeenCalledWith('Failed to like post');
  });
});
