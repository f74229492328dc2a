import { waitFor } from '@testing-library/react';
import axios, { type InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearEarlyAnswers, requestKey, takeEarlyAnswer } from './api/earlyAnswers';
import { bootEarly, PROFILE_PATH } from './boot';
import { streamUrl, takeEarlyStream } from './live/earlyStream';
import { ClassesPage } from './pages/classes/ClassesPage';
import { CommunityPage } from './pages/community/CommunityPage';
import { DiscussionDetailPage } from './pages/discussions/DiscussionDetailPage';
import { pageModules } from './pages/pageModules';
import { PAGE_TEST_TIMEOUT_MS } from './test/fixtures';
import { memoryPlatform } from './test/memoryPlatform';
import { renderWithAuth } from './test/renderWithAuth';

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));
// The loaders are spies here: which page's chunk the boot script starts is what is checked.
vi.mock('./pages/pageModules', () => {
  const loader = () =>
    Object.assign(
      vi.fn(async () => ({})),
      { loaded: undefined },
    );
  return {
    pageModules: {
      login: loader(),
      register: loader(),
      dashboard: loader(),
      discussions: loader(),
      discussionDetail: loader(),
      community: loader(),
      classes: loader(),
    },
  };
});

class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.opened.push(this);
  }
  addEventListener() {}
  removeEventListener() {}
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const fetchMock = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response('{}'));
const signedIn = () => memoryPlatform({ token: 'tok' });
const boot = (path: string, platform = signedIn()) => {
  const url = new URL(path, 'http://localhost');
  return bootEarly(platform, { pathname: url.pathname, search: url.search }, fetchMock);
};
const loaders = pageModules as unknown as Record<string, ReturnType<typeof vi.fn>>;

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  clearEarlyAnswers();
  takeEarlyStream(streamUrl('/api'));
  fetchMock.mockClear();
  for (const loader of Object.values(loaders)) loader.mockClear();
  vi.unstubAllGlobals();
});

describe('bootEarly', () => {
  it('starts the session check, the page’s first request and its chunk, with the stored token', () => {
    expect(boot('/community')).toEqual([PROFILE_PATH, '/community?limit=20']);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/profile', '/api/community?limit=20']);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ headers: { Authorization: 'Bearer tok' } });
    expect(loaders.community).toHaveBeenCalledTimes(1);
    expect(takeEarlyAnswer('/api/community?limit=20', 'tok')).toBeDefined();
  });

  it('opens the live stream with them on the web, not where the shell brings its own transport', () => {
    boot('/classes');
    expect(FakeEventSource.opened.map((source) => [source.url, source.init?.withCredentials])).toEqual([
      ['/api/events', true],
    ]);
    clearEarlyAnswers();
    takeEarlyStream(streamUrl('/api'));
    boot('/classes', { ...signedIn(), liveTransport: () => null });
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('asks for nothing whose address depends on who is signed in, or that is not a discussion', () => {
    expect(boot('/classes?filter=created')).toEqual([PROFILE_PATH]);
    expect(boot('/discussions/create')).toEqual([PROFILE_PATH]);
    expect(loaders.discussionDetail).not.toHaveBeenCalled();
    expect(boot('/discussions/%E0%A4%A')).toEqual([PROFILE_PATH]);
    expect(boot('/settings')).toEqual([PROFILE_PATH]);
  });

  it('signed out: no request at all, and only the chunks of the pages open to them', () => {
    const signedOut = memoryPlatform();
    expect(boot('/classes', signedOut)).toEqual([]);
    expect(boot('/login', signedOut)).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(FakeEventSource.opened).toHaveLength(0);
    expect(loaders.classes).not.toHaveBeenCalled();
    expect(loaders.login).toHaveBeenCalledTimes(1);
    // Signed in, /login sends elsewhere: its chunk is not worth starting.
    boot('/login');
    expect(loaders.login).toHaveBeenCalledTimes(1);
  });
});

/** The URL of the first GET the page sends to `path` (as the api client would send it). */
async function firstGet(page: ReactNode, path: string, route: string, url: string): Promise<string> {
  const { requests } = renderWithAuth(page, {
    path,
    route,
    answer: () => ({ status: 200, data: [] }),
  });
  let sent: InternalAxiosRequestConfig | undefined;
  await waitFor(() => {
    sent = requests.find((request) => request.method === 'get' && request.url === url);
    expect(sent).toBeDefined();
  });
  return axios.getUri(sent);
}

// The boot script builds its URLs apart from the pages' queries: these fail if the two drift apart (the
// early answer would then go unused, and the page would ask again).
describe('the boot script asks for exactly what the page asks for first', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('classes, with the search, filter and category of the URL', async () => {
    const path = '/classes?q=python&filter=enrolled&category=design';
    const [, early] = boot(path);
    const page = await firstGet(<ClassesPage />, path, '/classes', '/classes');
    expect(requestKey(page)).toBe(requestKey(`/api${early}`));
  });

  it('community', async () => {
    const [, early] = boot('/community');
    const page = await firstGet(<CommunityPage />, '/community', '/community', '/community');
    expect(requestKey(page)).toBe(requestKey(`/api${early}`));
  });

  it('a discussion', async () => {
    const [, early] = boot('/discussions/d%201');
    const page = await firstGet(
      <DiscussionDetailPage />,
      '/discussions/d%201',
      '/discussions/:id',
      '/discussions/d%201',
    );
    expect(requestKey(page)).toBe(requestKey(`/api${early}`));
  });
});
