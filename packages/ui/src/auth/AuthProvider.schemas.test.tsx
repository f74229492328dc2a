import type { User } from '@mentora/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import axios from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { PlatformProvider } from '../platform/PlatformContext';
import { fakeAdapter } from '../test/fakeAdapter';
import { memoryPlatform } from '../test/memoryPlatform';
import { useAuth } from './AuthContext';
import { AuthProvider } from './AuthProvider';

// The contract's schemas (and zod with them) are held back here until the test lets them through: the
// start-up session check must not wait for them before a signed-in page can paint.
const schemas = vi.hoisted(() => {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { release, released, loaded: false };
});
vi.mock('./loadSchemas', () => ({
  loadSchemas: async () => {
    await schemas.released;
    schemas.loaded = true;
    return import('@mentora/contract/responses');
  },
}));
vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

const originalAdapter = axios.defaults.adapter;
afterEach(() => {
  axios.defaults.adapter = originalAdapter;
});

const ada: User = {
  _id: 'u1',
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

function Who() {
  const { status, user } = useAuth();
  return <p data-testid="who">{status === 'signedIn' ? user?.name : status}</p>;
}

it('signs in with the stored session before the contract’s schemas have loaded', async () => {
  axios.defaults.adapter = fakeAdapter(() => ({ status: 200, data: ada })).adapter;
  const platform = memoryPlatform({ token: 'abc' });
  render(
    <PlatformProvider platform={platform}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <AuthProvider>
            <Who />
          </AuthProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </PlatformProvider>,
  );
  expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
  expect(schemas.loaded).toBe(false);
  schemas.release();
  await vi.waitFor(() => expect(schemas.loaded).toBe(true));
  expect(screen.getByTestId('who')).toHaveTextContent('Ada Lovelace');
  expect(platform.storage.get('token')).toBe('abc');
});
