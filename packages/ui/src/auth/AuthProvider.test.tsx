import type { User } from '@mentora/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axios from 'axios';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useApi } from '../api/ApiContext';
import { RefusedNotice } from '../layout/RefusedNotice';
import { PlatformProvider } from '../platform/PlatformContext';
import { type FakeAnswer, fakeAdapter } from '../test/fakeAdapter';
import { memoryPlatform } from '../test/memoryPlatform';
import { useAuth } from './AuthContext';
import { AuthProvider } from './AuthProvider';
import { REFUSALS, RequireAdmin, RequireAuth, RequireMentor } from './guards';

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

const user = (role: User['role']): User => ({
  _id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  username: 'ada',
  role,
  skills: [],
  bio: '',
  profilePicture: '',
  verified: false,
  verificationRequested: false,
  verificationRequestDate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const originalAdapter = axios.defaults.adapter;
let answer: (url: string) => FakeAnswer;
let requests: string[];

beforeEach(() => {
  requests = [];
  const fake = fakeAdapter((config) => {
    requests.push(config.url ?? '');
    return answer(config.url ?? '');
  });
  axios.defaults.adapter = fake.adapter;
});
afterEach(() => {
  axios.defaults.adapter = originalAdapter;
});

function Where() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function Who() {
  const { status, user } = useAuth();
  return <p data-testid="who">{status === 'signedIn' ? user?.name : status}</p>;
}

function CallsApi() {
  const api = useApi();
  return (
    <button type="button" onClick={() => void api.get('/classes/enrolled').catch(() => {})}>
      call
    </button>
  );
}

function renderAt(path: string, platform = memoryPlatform()) {
  render(
    <PlatformProvider platform={platform}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <AuthProvider>
            <Who />
            <Where />
            <RefusedNotice />
            <Routes>
              <Route path="/" element={<p>home</p>} />
              <Route path="/login" element={<p>login page</p>} />
              <Route path="/classes" element={<p>classes page</p>} />
              <Route
                path="/dashboard"
                element={
                  <RequireAuth>
                    <CallsApi />
                  </RequireAuth>
                }
              />
              <Route
                path="/classes/create"
                element={
                  <RequireMentor>
                    <p>create class</p>
                  </RequireMentor>
                }
              />
              <Route
                path="/admin"
                element={
                  <RequireAdmin>
                    <p>admin area</p>
                  </RequireAdmin>
                }
              />
            </Routes>
          </AuthProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </PlatformProvider>,
  );
  return platform;
}

describe('AuthProvider start-up', () => {
  it('without a stored token: signed out at once, no profile request, guarded pages go to /login', async () => {
    answer = () => ({ status: 500 });
    renderAt('/dashboard');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(screen.getByTestId('who')).toHaveTextContent('signedOut');
    expect(requests).toEqual([]);
  });

  it('with a stored token: fetches the profile and signs in', async () => {
    answer = (url) => (url === '/auth/profile' ? { status: 200, data: user('learner') } : { status: 200, data: [] });
    renderAt('/dashboard', memoryPlatform({ token: 'abc' }));
    expect(await screen.findByTestId('who')).toHaveTextContent('Ada Lovelace');
    expect(screen.getByTestId('path')).toHaveTextContent('/dashboard');
    expect(requests[0]).toBe('/auth/profile');
  });

  it('shows a spinner while the profile is being fetched', async () => {
    answer = () => ({ status: 200, data: user('learner') });
    renderAt('/dashboard', memoryPlatform({ token: 'abc' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await screen.findByTestId('who');
  });

  it('an answer that is no user at all signs out at once and forgets the token', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer = () => ({ status: 200, data: '<html>not the API</html>' });
    const platform = renderAt('/dashboard', memoryPlatform({ token: 'abc' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(platform.storage.get('token')).toBeNull();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('signs in on a profile the contract rejects, then signs out once its full check has run', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { skills: _left, ...incomplete } = user('learner');
    answer = (url) => (url === '/auth/profile' ? { status: 200, data: incomplete } : { status: 200, data: [] });
    const platform = renderAt('/dashboard', memoryPlatform({ token: 'abc' }));
    expect(await screen.findByTestId('who')).toHaveTextContent('Ada Lovelace');
    expect(await screen.findByText('login page', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('who')).toHaveTextContent('signedOut');
    expect(platform.storage.get('token')).toBeNull();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('a failed profile check signs out and forgets the token', async () => {
    answer = () => ({ status: 401, data: { message: 'Your session has ended. Please sign in again.' } });
    const platform = renderAt('/dashboard', memoryPlatform({ token: 'stale' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(platform.storage.get('token')).toBeNull();
  });
});

describe('the 401 rule', () => {
  it('a 401 from an ordinary call ends the session and sends the browser to /login', async () => {
    answer = (url) => (url === '/auth/profile' ? { status: 200, data: user('learner') } : { status: 401 });
    const platform = renderAt('/dashboard', memoryPlatform({ token: 'abc' }));
    (await screen.findByRole('button', { name: 'call' })).click();
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent('/login'));
    expect(screen.getByTestId('who')).toHaveTextContent('signedOut');
    expect(platform.storage.get('token')).toBeNull();
  });
});

describe('guards', () => {
  const signedInAs = (role: User['role']) => {
    answer = () => ({ status: 200, data: user(role) });
    return memoryPlatform({ token: 'abc' });
  };

  it('the mentor-only guard lets role mentor in', async () => {
    renderAt('/classes/create', signedInAs('mentor'));
    expect(await screen.findByText('create class')).toBeInTheDocument();
  });

  it('the mentor-only guard sends role both to /classes, saying why', async () => {
    renderAt('/classes/create', signedInAs('both'));
    expect(await screen.findByText('classes page')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(REFUSALS.mentor);
  });

  it('the mentor-only guard sends signed-out visitors to /login', async () => {
    answer = () => ({ status: 500 });
    renderAt('/classes/create');
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('the admin guard lets admins in and sends everyone else to /', async () => {
    renderAt('/admin', signedInAs('admin'));
    expect(await screen.findByText('admin area')).toBeInTheDocument();
  });

  it('the admin guard sends a signed-in learner or mentor to their dashboard, saying why', async () => {
    for (const role of ['learner', 'mentor'] as const) {
      renderAt('/admin', signedInAs(role));
      expect(await screen.findByRole('button', { name: 'call' })).toBeInTheDocument();
      expect(screen.getByTestId('path')).toHaveTextContent('/dashboard');
      expect(screen.getByRole('alert')).toHaveTextContent(REFUSALS.admin);
      await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
      expect(screen.queryByRole('alert')).toBeNull();
      cleanup();
    }
  });

  it('the admin guard sends signed-out visitors to /', async () => {
    answer = () => ({ status: 500 });
    renderAt('/admin');
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
