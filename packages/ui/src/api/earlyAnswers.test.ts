import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearEarlyAnswers,
  EARLY_ANSWER_TTL_MS,
  type EarlyAnswer,
  requestKey,
  startEarlyGet,
  takeEarlyAnswer,
} from './earlyAnswers';

function fakeFetch(answer: () => Response | Promise<Response>) {
  return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => answer());
}

afterEach(() => {
  clearEarlyAnswers();
  vi.useRealTimers();
});

describe('requestKey', () => {
  it('is the same for the same request whatever the order or spelling of its query', () => {
    expect(requestKey('/api/classes?limit=12&filter=all')).toBe(requestKey('/api/classes?filter=all&limit=12'));
    expect(requestKey('/api/classes?search=a+b')).toBe(requestKey('/api/classes?search=a%20b'));
    expect(requestKey('/api/classes?filter=all')).not.toBe(requestKey('/api/classes?filter=enrolled'));
    expect(requestKey('/api/classes')).not.toBe(requestKey('/api/community'));
  });
});

describe('startEarlyGet and takeEarlyAnswer', () => {
  it('asks with the bearer token and the cookie, and hands the whole answer out once', async () => {
    const fetchMock = fakeFetch(
      () => new Response('[{"_id":"p1"}]', { status: 200, headers: { 'X-Next-Cursor': 'c2' } }),
    );
    startEarlyGet('/api/community?limit=20', 'tok', fetchMock);

    expect(fetchMock).toHaveBeenCalledWith('/api/community?limit=20', {
      headers: { Accept: 'application/json', Authorization: 'Bearer tok' },
      credentials: 'include',
    });
    const answer = (await takeEarlyAnswer('/api/community?limit=20', 'tok')) as EarlyAnswer;
    expect(answer).toMatchObject({ status: 200, body: '[{"_id":"p1"}]' });
    expect(answer.headers['x-next-cursor']).toBe('c2');
    expect(takeEarlyAnswer('/api/community?limit=20', 'tok')).toBeUndefined();
  });

  it('gives nothing for another token, and forgets the answer', () => {
    startEarlyGet(
      '/api/auth/profile',
      'old',
      fakeFetch(() => new Response('{}')),
    );
    expect(takeEarlyAnswer('/api/auth/profile', 'new')).toBeUndefined();
    expect(takeEarlyAnswer('/api/auth/profile', 'old')).toBeUndefined();
    startEarlyGet(
      '/api/auth/profile',
      'old',
      fakeFetch(() => new Response('{}')),
    );
    expect(takeEarlyAnswer('/api/auth/profile', null)).toBeUndefined();
  });

  it('gives nothing once the answer is too old to use', () => {
    vi.useFakeTimers();
    startEarlyGet(
      '/api/auth/profile',
      'tok',
      fakeFetch(() => new Response('{}')),
    );
    vi.advanceTimersByTime(EARLY_ANSWER_TTL_MS + 1);
    expect(takeEarlyAnswer('/api/auth/profile', 'tok')).toBeUndefined();
  });

  it('answers null when the request failed on the network', async () => {
    startEarlyGet(
      '/api/auth/profile',
      'tok',
      fakeFetch(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(takeEarlyAnswer('/api/auth/profile', 'tok')).resolves.toBeNull();
  });
});
