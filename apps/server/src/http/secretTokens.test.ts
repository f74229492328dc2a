import { MESSAGES } from '@mentora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedToken, makeLearner, type TestUser } from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { captureLog } from '../../test/logCapture.js';
import { unsubscribeToken } from '../notifications/unsubscribe.js';
import { loggablePath } from './requestLog.js';

// Routes whose credential is a token in the request (issue #35): a calendar feed, an unsubscribe link
// and a password reset link. Wrong tokens are limited per address like wrong passwords, and the request
// log never holds a feed's token.

const GUESSES = 3;

let t: TestServer;
let owner: TestUser;
const log = captureLog('info');
const { lines } = log;
beforeAll(async () => {
  t = await startTestServer({
    env: { RATE_LIMIT: 'on', TRUST_PROXY: '1', TOKEN_RATE_LIMIT_PER_IP: String(GUESSES) },
    logger: log.logger,
  });
  owner = await makeLearner(t);
});
afterAll(() => t.close());

const feed = (token: string, address: string) =>
  t.http.get(`/api/calendar/${token}.ics`).set('X-Forwarded-For', address);
const unsubscribe = (token: string, address: string) =>
  t.http.post('/api/notifications/unsubscribe').set('X-Forwarded-For', address).send({ token });
const reset = (token: string, address: string) =>
  t.http.post('/api/auth/reset-password').set('X-Forwarded-For', address).send({ token, password: 'a new password' });
const madeUp = (i: number) => `${String(i).padStart(4, '0')}${'a'.repeat(39)}`;

describe('guessing tokens', () => {
  it('stops an address after a few wrong tokens across feed, unsubscribe and reset, with Retry-After', async () => {
    const guesser = '203.0.113.9';
    expect((await feed(madeUp(1), guesser)).status).toBe(404);
    expect((await unsubscribe('forged.token', guesser)).status).toBe(400);
    expect((await reset('made-up-reset-token', guesser)).status).toBe(400);
    for (const next of [feed(madeUp(2), guesser), unsubscribe('forged.again', guesser), reset('another', guesser)]) {
      const res = await next;
      expect(res.status).toBe(429);
      expect(res.body.message).toBe(MESSAGES.server.tooManyRequests);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // Even a right token: that address has used its guesses.
    expect((await feed(await feedToken(t, owner), guesser)).status).toBe(429);
  });

  it('leaves other addresses alone, and never counts a token that works', async () => {
    const token = await feedToken(t, owner);
    for (let i = 0; i < GUESSES + 3; i += 1) expect((await feed(token, '198.51.100.20')).status).toBe(200);
    const stop = unsubscribeToken(t.ctx.config.jwtSecret, owner.user.id, 'likes');
    for (let i = 0; i < GUESSES + 1; i += 1) expect((await unsubscribe(stop, '198.51.100.20')).status).toBe(200);
    expect((await feed(madeUp(3), '198.51.100.21')).status).toBe(404);
  });
});

describe('the request log', () => {
  it('writes a calendar feed’s path without its token, however the path is spelled', async () => {
    const token = await feedToken(t, owner);
    await feed(token, '198.51.100.30').expect(200);
    await t.http.get(`/API/Calendar/${token}.ICS`).set('X-Forwarded-For', '198.51.100.30').expect(200);
    await new Promise((resolve) => setImmediate(resolve));
    const logged = lines.join('\n');
    expect(logged).not.toContain(token);
    expect(logged).toContain('"url":"/api/calendar/[redacted].ics"');
  });

  it('redacts a token in the path of the feed, unsubscribe and reset, and nothing else', () => {
    expect(loggablePath('/api/calendar/abc123.ics/')).toBe('/api/calendar/[redacted].ics/');
    expect(loggablePath('/unsubscribe/some.token')).toBe('/unsubscribe/[redacted]');
    expect(loggablePath('/api/notifications/unsubscribe/some.token')).toBe('/api/notifications/unsubscribe/[redacted]');
    expect(loggablePath('/reset-password/abc/def')).toBe('/reset-password/[redacted]');
    expect(loggablePath('/api/auth/reset-password/abc')).toBe('/api/auth/reset-password/[redacted]');
    for (const plain of [
      '/api/calendar/feed',
      '/api/calendar/feed/reset',
      '/api/classes',
      '/reset-password',
      '/unsubscribe',
    ]) {
      expect(loggablePath(plain)).toBe(plain);
    }
  });
});
