import { MESSAGES } from '@mentora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLearner, makePost } from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { redisReachable, requireOrSkip, TEST_REDIS_URL, uniqueRedisPrefix } from '../../test/redis.js';
import { openReadyStream } from '../../test/sse.js';

const limited = (extra: Record<string, string>) => ({
  RATE_LIMIT: 'on',
  TRUST_PROXY: '1',
  LOGIN_RATE_LIMIT_PER_IP: '3',
  ...extra,
});

const login = (t: TestServer, ip: string) =>
  t.http
    .post('/api/auth/login')
    .set('X-Forwarded-For', ip)
    .send({ email: 'nobody@example.test', password: 'wrong password' });

describe('with Redis unreachable', () => {
  let t: TestServer;
  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    t = await startTestServer({ env: limited({ REDIS_URL: 'redis://127.0.0.1:1' }) });
  });
  afterAll(() => t.close());

  it('rate limits still hold, counted in this process, and no request fails because of Redis', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await login(t, '10.20.30.40')).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await login(t, '10.20.30.41')).status).toBe(401);
  });

  it("live events still reach this process's clients", async () => {
    const user = await makeLearner(t);
    const stream = await openReadyStream(`${t.baseUrl}/api/events`, { headers: user.auth });
    try {
      const post = await makePost(t, user);
      await stream.waitFor((m) => m.event === 'community.post' && m.data.includes(post._id), 'the post');
    } finally {
      stream.close();
    }
  });
});

const available = requireOrSkip(await redisReachable(), `Redis at ${TEST_REDIS_URL}`);

describe.skipIf(!available)('with Redis', () => {
  const servers: TestServer[] = [];
  beforeAll(async () => {
    // Two apps, each with its own database, sharing only Redis: what they count together is Redis's doing.
    const env = limited({
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: uniqueRedisPrefix(),
      LOGIN_RATE_LIMIT_PER_ACCOUNT: '3',
      LOGIN_RATE_LIMIT_ACCOUNT_CEILING: '4',
    });
    servers.push(await startTestServer({ env }), await startTestServer({ env }));
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('counts each limit across every process that shares Redis', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const statuses = [
      (await login(a, '10.9.8.7')).status,
      (await login(b, '10.9.8.7')).status,
      (await login(a, '10.9.8.7')).status,
      (await login(b, '10.9.8.7')).status,
    ];
    expect(statuses).toEqual([401, 401, 401, 429]);
    const blocked = await login(a, '10.9.8.7');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: MESSAGES.server.tooManyRequests, requestId: expect.any(String) });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("binds wrong passwords to the guesser's address in every process, and the ceiling never refuses the owner", async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const owner = { name: 'Owner', email: 'owner@example.test', password: 'the right password' };
    for (const s of [a, b]) expect((await s.http.post('/api/auth/register').send(owner)).status).toBe(201);
    const attempt = (s: TestServer, ip: string, password = 'wrong password') =>
      s.http.post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: owner.email, password });
    const guesses = [
      (await attempt(a, '10.5.0.1')).status,
      (await attempt(b, '10.5.0.1')).status,
      (await attempt(a, '10.5.0.1')).status,
      (await attempt(b, '10.5.0.1', owner.password)).status,
    ];
    expect(guesses).toEqual([401, 401, 401, 429]);
    expect((await attempt(b, '10.5.0.2', owner.password)).status).toBe(200);
    // The fourth failure from anywhere reaches the ceiling (4): past it, addresses with failures are refused.
    expect((await attempt(a, '10.5.0.3')).status).toBe(401);
    expect((await attempt(b, '10.5.0.3')).status).toBe(429);
    expect((await attempt(a, '10.5.0.4', owner.password)).status).toBe(200);
  });
});
