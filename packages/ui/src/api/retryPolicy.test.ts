import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { shouldRetryRead } from './retryPolicy';

const answered = (status: number) =>
  new AxiosError('failed', 'ERR', undefined, undefined, {
    status,
    statusText: '',
    data: {},
    headers: {},
    config: { headers: new AxiosHeaders() },
  });

describe('shouldRetryRead', () => {
  it('tries a read once more when the network or a busy server failed it', () => {
    expect(shouldRetryRead(0, new AxiosError('Network Error', 'ERR_NETWORK'))).toBe(true);
    for (const status of [502, 503, 504]) expect(shouldRetryRead(0, answered(status))).toBe(true);
  });

  it('never a second time, so an error shows within about a second', () => {
    expect(shouldRetryRead(1, new AxiosError('Network Error', 'ERR_NETWORK'))).toBe(false);
    expect(shouldRetryRead(1, answered(503))).toBe(false);
  });

  it('not at all for an answer that asking again will not change', () => {
    for (const status of [400, 401, 403, 404, 409, 429, 500]) expect(shouldRetryRead(0, answered(status))).toBe(false);
  });
});
