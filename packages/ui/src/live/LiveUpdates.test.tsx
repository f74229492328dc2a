import type { User } from '@mentora/contract';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memoryPlatform } from '../test/memoryPlatform';
import { renderWithAuth, TEST_USER } from '../test/renderWithAuth';
import { LiveUpdates } from './LiveUpdates';
import type { LiveEventHandler, LiveTransport } from './transport';

const ADMIN: User = { ...TEST_USER, _id: 'admin-1', role: 'admin' };

/** A transport that hands its event handler out, so the test can send events. */
function fakeTransport() {
  const state: { send: LiveEventHandler | null; closed: boolean } = { send: null, closed: false };
  const transport: LiveTransport = ({ onEvent }) => {
    state.send = onEvent;
    return {
      close: () => {
        state.closed = true;
      },
    };
  };
  return { state, transport };
}

/** A Platform with the desktop's attention, recording its calls. */
function desktopLike() {
  const calls: unknown[][] = [];
  const platform = memoryPlatform();
  platform.attention = {
    notify: (title, body) => calls.push(['notify', title, body]),
    setBadgeCount: (count) => calls.push(['badge', count]),
  };
  return { platform, calls };
}

describe('LiveUpdates and the review queue (desktop)', () => {
  it('badges an admin’s open count at once, notifies when it rises, and clears the badge on sign-out', async () => {
    const { platform, calls } = desktopLike();
    const { state, transport } = fakeTransport();
    const { unmount, requests } = renderWithAuth(<LiveUpdates transport={transport} />, {
      path: '/x',
      user: ADMIN,
      platform,
      answer: (config) =>
        config.url === '/moderation/queue'
          ? { status: 200, data: { items: [], nextCursor: null, openCount: 2 } }
          : { status: 404, data: {} },
    });
    await waitFor(() => expect(calls).toEqual([['badge', 2]]));
    expect(requests[0]?.params).toEqual({ limit: 1 });
    state.send?.('moderation.queue', { openCount: 3 });
    expect(calls.slice(1)).toEqual([
      ['notify', 'Mentora', '3 reports waiting'],
      ['badge', 3],
    ]);
    unmount();
    expect(state.closed).toBe(true);
    expect(calls.at(-1)).toEqual(['badge', 0]);
  });

  it('asks nothing and shows nothing for someone who is not an admin, or on the web', async () => {
    const { platform, calls } = desktopLike();
    const learner = fakeTransport();
    const one = renderWithAuth(<LiveUpdates transport={learner.transport} />, { path: '/x', platform });
    learner.state.send?.('moderation.queue', { openCount: 3 });
    expect(one.requests).toEqual([]);
    one.unmount();

    const web = fakeTransport();
    const two = renderWithAuth(<LiveUpdates transport={web.transport} />, { path: '/x', user: ADMIN });
    web.state.send?.('moderation.queue', { openCount: 3 });
    expect(two.requests).toEqual([]);
    two.unmount();
    expect(calls).toEqual([]);
  });
});
