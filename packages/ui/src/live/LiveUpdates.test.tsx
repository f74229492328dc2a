import type { User } from '@mentora/contract';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OpenCountBadge } from '../pages/admin/moderation/OpenCountBadge';
import { moderationKeys } from '../pages/admin/moderation/queries';
import { memoryPlatform } from '../test/memoryPlatform';
import { renderWithAuth, sent, TEST_USER } from '../test/renderWithAuth';
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
  it('badges the open count the Admin link shows, from one request, and follows every change of it', async () => {
    const { platform, calls } = desktopLike();
    const { state, transport } = fakeTransport();
    // The Admin link's count beside the live stream: both read the one open-count query.
    const { unmount, requests, queryClient, getByText } = renderWithAuth(
      <>
        <LiveUpdates transport={transport} />
        <OpenCountBadge />
      </>,
      {
        path: '/x',
        user: ADMIN,
        platform,
        answer: (config) =>
          config.url === '/moderation/queue'
            ? { status: 200, data: { items: [], nextCursor: null, openCount: 2 } }
            : { status: 404, data: {} },
      },
    );
    await waitFor(() => expect(calls).toEqual([['badge', 2]]));
    expect(getByText('(2 open in the review queue)')).toBeTruthy();
    expect(requests.filter((r) => r.url === '/moderation/queue')).toHaveLength(1);
    expect(requests[0]?.params).toEqual({ limit: 1 });

    // A live event sets the query; the badge, the notification and the link follow it.
    act(() => state.send?.('moderation.queue', { openCount: 3 }));
    await waitFor(() =>
      expect(calls.slice(1)).toEqual([
        ['notify', 'Mentora', '3 reports waiting'],
        ['badge', 3],
      ]),
    );
    expect(getByText('(3 open in the review queue)')).toBeTruthy();

    // The admin's own decision lowers the same query (no event needed): the badge goes down with it.
    act(() => queryClient.setQueryData(moderationKeys.openCount, 1));
    await waitFor(() => expect(calls.at(-1)).toEqual(['badge', 1]));
    expect(calls.filter(([kind]) => kind === 'notify')).toHaveLength(1);
    expect(requests.filter((r) => r.url === '/moderation/queue')).toHaveLength(1);

    unmount();
    expect(state.closed).toBe(true);
    expect(calls.at(-1)).toEqual(['badge', 0]);
  });

  it('asks nothing of the queue and shows nothing for someone who is not an admin, or on the web', async () => {
    const { platform, calls } = desktopLike();
    const learner = fakeTransport();
    const one = renderWithAuth(<LiveUpdates transport={learner.transport} />, { path: '/x', platform });
    learner.state.send?.('moderation.queue', { openCount: 3 });
    // (The digest's time zone is looked at once per browser, useAdoptTimeZone: not the queue's.)
    const queueRequests = (requests: { url?: string }[]) => requests.filter((r) => r.url?.startsWith('/moderation'));
    expect(queueRequests(one.requests)).toEqual([]);
    one.unmount();

    const web = fakeTransport();
    const two = renderWithAuth(<LiveUpdates transport={web.transport} />, { path: '/x', user: ADMIN });
    web.state.send?.('moderation.queue', { openCount: 3 });
    expect(queueRequests(two.requests)).toEqual([]);
    two.unmount();
    expect(calls).toEqual([]);
  });
});

describe('LiveUpdates and a silence', () => {
  it('fetches the profile again when the person is told of a silence or its lift, and only then', async () => {
    const live = fakeTransport();
    const { auth } = renderWithAuth(<LiveUpdates transport={live.transport} />, { path: '/x' });
    await waitFor(() => expect(live.state.send).not.toBeNull());
    const told = (kind: string) => ({ notification: { _id: `n-${kind}`, kind }, unreadCount: 1 });
    act(() => live.state.send?.('notification', told('post_like')));
    expect(auth.refreshProfile).not.toHaveBeenCalled();
    act(() => live.state.send?.('notification', told('silenced')));
    expect(auth.refreshProfile).toHaveBeenCalledTimes(1);
    act(() => live.state.send?.('notification', told('sanction_lifted')));
    expect(auth.refreshProfile).toHaveBeenCalledTimes(2);
  });
});

describe('LiveUpdates and the digest’s time zone', () => {
  it('stores this browser’s zone the first time someone signs in here, when they have none yet', async () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const answer = (timeZone: string | null) => (config: { url?: string; method?: string }) =>
      config.url === '/notifications/preferences'
        ? {
            status: 200,
            data: {
              preferences: [],
              timeZone: config.method === 'put' ? zone : timeZone,
              digestHour: 8,
              emailEnabled: true,
            },
          }
        : { status: 404, data: { message: 'Not found' } };
    // One browser: the platform's storage is kept between the two visits.
    const browser = memoryPlatform();
    const first = renderWithAuth(<LiveUpdates transport={fakeTransport().transport} />, {
      path: '/x',
      answer: answer(null),
      platform: browser,
    });
    await waitFor(() => expect(sent(first.requests, 'put', '/notifications/preferences')).toHaveLength(1));
    expect(JSON.parse(String(sent(first.requests, 'put', '/notifications/preferences')[0]?.data))).toEqual({
      timeZone: zone,
    });
    first.unmount();

    // Next time on this browser: not even a look.
    const again = renderWithAuth(<LiveUpdates transport={fakeTransport().transport} />, {
      path: '/x',
      answer: answer(null),
      platform: browser,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent(again.requests, 'get', '/notifications/preferences')).toHaveLength(0);
    again.unmount();

    // Someone who chose a zone keeps it (another browser).
    const chosen = renderWithAuth(<LiveUpdates transport={fakeTransport().transport} />, {
      path: '/x',
      answer: answer('Asia/Tokyo'),
    });
    await waitFor(() => expect(sent(chosen.requests, 'get', '/notifications/preferences')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent(chosen.requests, 'put', '/notifications/preferences')).toHaveLength(0);
    chosen.unmount();
  });
});
