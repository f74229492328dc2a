import { STORAGE_KEYS } from '@mentora/contract';
import { queryOptions } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { createApiClient } from '../api/client';
import type { Platform } from '../platform/platform';

/** The api client of one app, and the handler its 401 rule calls (set by the AuthProvider). */
export interface SessionApi {
  client: AxiosInstance;
  onUnauthorized: { current: () => void };
}

/**
 * The app's one api client: the route loaders (../routes.tsx) and the AuthProvider use it, so a page's
 * first request and the session check travel with the same token and the same 401 rule.
 */
export function createSessionApi(platform: Pick<Platform, 'apiBaseUrl' | 'storage'>): SessionApi {
  const onUnauthorized = { current: () => {} };
  const client = createApiClient({
    baseURL: platform.apiBaseUrl,
    getToken: () => platform.storage.get(STORAGE_KEYS.token),
    onUnauthorized: () => onUnauthorized.current(),
  });
  return { client, onUnauthorized };
}

/** The stored token, if storage can be read at all (privacy modes can refuse it). */
export function storedToken(platform: Pick<Platform, 'storage'>): string | null {
  try {
    return platform.storage.get(STORAGE_KEYS.token) || null;
  } catch {
    return null;
  }
}

/** The start-up session check's outcome: the profile as the server sent it, or why there is none. */
export type SessionCheck = { ok: true; data: unknown } | { ok: false; error: unknown };

export const SESSION_CHECK_KEY = ['session', 'check'] as const;

/**
 * GET /auth/profile at start-up, started by the root route's loader and taken by the AuthProvider. Its
 * outcome is data, never a rejection: a query that failed would be asked again by the next caller.
 */
export function sessionCheckOptions(api: AxiosInstance) {
  return queryOptions({
    queryKey: SESSION_CHECK_KEY,
    queryFn: async (): Promise<SessionCheck> => {
      try {
        return { ok: true, data: (await api.get<unknown>('/auth/profile')).data };
      } catch (error) {
        return { ok: false, error };
      }
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
