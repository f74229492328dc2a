// Test helpers for the discussions and community pages (used by *.test.tsx only).
import type { CommunityPost, Discussion, User } from '@mentora/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import axios, { type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiContext } from '../../api/ApiContext';
import { AuthContext, type AuthState } from '../../auth/AuthContext';
import { PlatformProvider } from '../../platform/PlatformContext';
import { type FakeAnswer, fakeAdapter } from '../../test/fakeAdapter';
import { memoryPlatform } from '../../test/memoryPlatform';

/** Page tests type and wait for answers: a few seconds on a busy machine. */
export const PAGE_TEST_TIMEOUT_MS = 20_000;

export const ME: User = {
  _id: 'user-me',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  username: 'ada',
  role: 'learner',
  skills: [],
  bio: '',
  profilePicture: '',
  verified: false,
  verificationRequested: false,
  verificationRequestDate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const neutral = { label: 'NEUTRAL' as const, polarity: 0 };
const clean = { flagged: false, reason: null };

export function makeDiscussion(overrides: Partial<Discussion> & { _id: string }): Discussion {
  return {
    title: `Topic ${overrides._id}`,
    content: 'Some content',
    classId: { _id: 'class-1', title: 'Class one' },
    author: { _id: 'someone', name: 'Someone Else' },
    replies: [],
    replyCount: 0,
    repliedByMe: false,
    createdAt: '2026-02-01T10:00:00.000Z',
    sentiment: neutral,
    moderation: clean,
    ...overrides,
  };
}

export function makePost(overrides: Partial<CommunityPost> & { _id: string }): CommunityPost {
  return {
    title: `Post ${overrides._id}`,
    content: 'Hello everyone',
    category: 'general',
    tags: [],
    author: { _id: 'someone', name: 'Someone Else' },
    likes: [],
    replies: [],
    sentiment: neutral,
    moderation: clean,
    createdAt: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

interface RenderOptions {
  /** The URL the router starts at. */
  path: string;
  /** The route pattern the page is mounted on. */
  route: string;
  user?: User;
  /** Answers requests; by default everything is a 404. */
  answer?: (config: InternalAxiosRequestConfig) => FakeAnswer | 'network-error';
  /** Replaces the fake adapter entirely (e.g. to hold an answer back). */
  adapter?: AxiosAdapter;
}

/** Renders a page as the app would (signed in, api client, query cache, router), with answers from `answer`. */
export function renderPage(page: ReactNode, { path, route, user = ME, answer, adapter }: RenderOptions) {
  const fake = fakeAdapter(answer ?? (() => ({ status: 404, data: { message: 'Not found' } })));
  const api = axios.create({ baseURL: '/api' });
  api.defaults.adapter = adapter ?? fake.adapter;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const auth: AuthState = {
    status: 'signedIn',
    user,
    login: async () => {},
    register: async () => {},
    logout: async () => {},
    refreshProfile: async () => {},
  };
  const view = render(
    <PlatformProvider platform={memoryPlatform()}>
      <QueryClientProvider client={queryClient}>
        <ApiContext.Provider value={api}>
          <AuthContext.Provider value={auth}>
            <MemoryRouter initialEntries={[path]}>
              <Where />
              <Routes>
                <Route path={route} element={page} />
                <Route path="*" element={<p>elsewhere</p>} />
              </Routes>
            </MemoryRouter>
          </AuthContext.Provider>
        </ApiContext.Provider>
      </QueryClientProvider>
    </PlatformProvider>,
  );
  return { ...view, requests: fake.requests, queryClient };
}
