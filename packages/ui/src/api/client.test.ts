import { describe, expect, it, vi } from 'vitest';
import { fakeAdapter } from '../test/fakeAdapter';
import { createApiClient, requestPath, shouldSignOutOn401 } from './client';

function setup(status: number, token: string | null = 'tok-123') {
  const onUnauthorized = vi.fn();
  const client = createApiClient({ baseURL: '/api', getToken: () => token, onUnauthorized });
  const fake = fakeAdapter(() => ({ status, data: { message: 'answer' } }));
  client.defaults.adapter = fake.adapter;
  return { client, onUnauthorized, requests: fake.requests };
}

describe('createApiClient', () => {
  it('sends the stored token as a bearer token, with credentials and JSON', async () => {
    const { client, requests } = setup(200);
    await client.get('/classes');
    const sent = requests[0];
    expect(sent?.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(sent?.withCredentials).toBe(true);
    expect(sent?.baseURL).toBe('/api');
    expect(sent?.headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no Authorization header when no token is stored', async () => {
    const { client, requests } = setup(200, null);
    await client.get('/classes');
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('reads the token at request time, so a login or logout in between is seen', async () => {
    let token: string | null = null;
    const client = createApiClient({ baseURL: '/api', getToken: () => token, onUnauthorized: vi.fn() });
    const fake = fakeAdapter(() => ({ status: 200 }));
    client.defaults.adapter = fake.adapter;
    await client.get('/a');
    token = 'later';
    await client.get('/b');
    expect(fake.requests.map((r) => r.headers.get('Authorization') ?? null)).toEqual([null, 'Bearer later']);
  });

  it('ends the session on a 401 from an ordinary call, and still rejects', async () => {
    const { client, onUnauthorized } = setup(401);
    await expect(client.get('/classes/enrolled')).rejects.toMatchObject({ response: { status: 401 } });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not end the session on a 401 to a request sent without a token, or under a session since ended', async () => {
    // Sent after a logout, with no token: there is no session to end (the logout goes where it goes).
    const signedOut = setup(401, null);
    await expect(signedOut.client.get('/notifications')).rejects.toMatchObject({ response: { status: 401 } });
    expect(signedOut.onUnauthorized).not.toHaveBeenCalled();

    // Sent with a token that is gone (or replaced by a new sign-in) by the time the 401 comes back.
    let token: string | null = 'old-session';
    const onUnauthorized = vi.fn();
    const client = createApiClient({ baseURL: '/api', getToken: () => token, onUnauthorized });
    client.defaults.adapter = fakeAdapter(() => {
      token = 'new-session';
      return { status: 401, data: { message: 'Not authorized' } };
    }).adapter;
    await expect(client.get('/classes/enrolled')).rejects.toMatchObject({ response: { status: 401 } });
    expect(onUnauthorized).not.toHaveBeenCalled();

    // The same request under the session still current does end it.
    client.defaults.adapter = fakeAdapter(() => ({ status: 401, data: { message: 'Not authorized' } })).adapter;
    await expect(client.get('/classes/enrolled')).rejects.toMatchObject({ response: { status: 401 } });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not end the session on a 401 from the profile check, the login form or logout', async () => {
    for (const path of ['/auth/profile', '/auth/login', '/auth/logout']) {
      const { client, onUnauthorized } = setup(401);
      await expect(client.post(path)).rejects.toBeTruthy();
      expect(onUnauthorized, path).not.toHaveBeenCalled();
    }
  });

  it('does not end the session for other failures', async () => {
    for (const status of [400, 403, 404, 409, 500]) {
      const { client, onUnauthorized } = setup(status);
      await expect(client.get('/classes')).rejects.toBeTruthy();
      expect(onUnauthorized, String(status)).not.toHaveBeenCalled();
    }
  });
});

describe('requestPath and shouldSignOutOn401', () => {
  it('compares paths without query, hash, trailing slash or base', () => {
    expect(requestPath('/auth/profile?x=1')).toBe('/auth/profile');
    expect(requestPath('auth/profile/')).toBe('/auth/profile');
    expect(requestPath('/api/auth/profile', '/api')).toBe('/auth/profile');
    expect(requestPath('http://localhost:3000/api/auth/profile#x', 'http://localhost:3000/api')).toBe('/auth/profile');
    expect(requestPath('/apiary', '/api')).toBe('/apiary');
    expect(requestPath(undefined)).toBe('/');
  });

  it('treats profile, login and logout as exceptions only', () => {
    expect(shouldSignOutOn401('/auth/profile')).toBe(false);
    expect(shouldSignOutOn401('/auth/profile?fresh=1')).toBe(false);
    expect(shouldSignOutOn401('/auth/login')).toBe(false);
    expect(shouldSignOutOn401('/auth/logout')).toBe(false);
    expect(shouldSignOutOn401('/auth/register')).toBe(true);
    expect(shouldSignOutOn401('/auth/profile/extra')).toBe(true);
    expect(shouldSignOutOn401('/discussions')).toBe(true);
  });
});

describe('createApiClient and cookies', () => {
  it('looks for no XSRF cookie: the server checks Origin, and the asynchronous look-up delayed every request', () => {
    const { client } = setup(200);
    expect(client.defaults.withXSRFToken).toBe(false);
  });
});
