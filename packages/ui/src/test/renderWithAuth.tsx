// Renders one page as the app would (api client, auth state, query cache, router), for *.test.tsx only.
import type { Silence, User } from '@mentora/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import axios, { type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { ApiContext } from '../api/ApiContext';
import { AuthContext, type AuthState } from '../auth/AuthContext';
import { PlatformProvider } from '../platform/PlatformContext';
import { ThemeProvider } from '../theme/ThemeProvider';
import { type FakeAnswer, fakeAdapter } from './fakeAdapter';
import { memoryPlatform } from './memoryPlatform';

export const TEST_USER: User = {
  _id: 'user-1',
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
  createdAt: '2026-01-15T10:00:00.000Z',
};

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

interface RenderOptions {
  path: string;
  /** The route pattern the page is mounted on; `path` without its query by default. */
  route?: string;
  /** The signed-in user; null renders the page signed out. */
  user?: User | null;
  /** Answers requests; by default everything is a 404. */
  answer?: (config: InternalAxiosRequestConfig) => FakeAnswer | 'network-error';
  /** Replaces the fake adapter entirely (e.g. to hold an answer back); `requests` then stays empty. */
  adapter?: AxiosAdapter;
  /** The shell's Platform; a web one with Map storage by default. */
  platform?: ReturnType<typeof memoryPlatform>;
  /** A silence on the signed-in person's account (none by default). */
  silence?: Silence | null;
}

export function renderWithAuth(
  page: ReactNode,
  { path, route, user = TEST_USER, answer, adapter, platform = memoryPlatform(), silence = null }: RenderOptions,
) {
  const fake = fakeAdapter(answer ?? (() => ({ status: 404, data: { message: 'Not found' } })));
  const api = axios.create({ baseURL: '/api' });
  api.defaults.adapter = adapter ?? fake.adapter;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const auth = {
    status: user ? 'signedIn' : 'signedOut',
    user,
    silence,
    login: vi.fn(async () => {}),
    register: vi.fn(async () => {}),
    logout: vi.fn(async () => {}),
    refreshProfile: vi.fn(async () => {}),
  } satisfies AuthState;
  const view = render(
    <PlatformProvider platform={platform}>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <ApiContext.Provider value={api}>
            <AuthContext.Provider value={auth}>
              <MemoryRouter initialEntries={[path]}>
                <Where />
                <Routes>
                  <Route path={route ?? path.split('?')[0]} element={page} />
                  <Route path="*" element={<p>elsewhere</p>} />
                </Routes>
              </MemoryRouter>
            </AuthContext.Provider>
          </ApiContext.Provider>
        </QueryClientProvider>
      </ThemeProvider>
    </PlatformProvider>,
  );
  return { ...view, requests: fake.requests, auth, platform, queryClient };
}

/** The requests sent with a method and URL, e.g. `sent(requests, 'put', '/auth/profile')`. */
export function sent(requests: InternalAxiosRequestConfig[], method: string, url: string) {
  return requests.filter((request) => request.method === method && request.url === url);
}
