import type { Discussion, DiscussionReplyEvent, NotificationEvent, NotificationListResponse } from '@mentora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, TEST_ENV, usingPostgres } from '../../test/harness.js';
import { call, type ServerProcess, spawnServer } from '../../test/processes.js';
import {
  hasRedisServerBinary,
  PrivateRedis,
  redisReachable,
  requireOrSkip,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
} from '../../test/redis.js';
import { openReadyStream, type SseStream } from '../../test/sse.js';

// Several stateless server processes sharing PostgreSQL and Redis (issue #7): real processes on
// loopback, as production runs them behind a load balancer. PostgreSQL only: the embedded database
// belongs to one process.

const ADMIN = { email: 'root@example.test', password: 'admin password 1' };

function skipReason(): string | undefined {
  if (!usingPostgres()) return 'several processes need a shared PostgreSQL (DATABASE_URL)';
  return undefined;
}
const reason = skipReason();
if (reason) process.stdout.write(`skipped: multi-process tests: ${reason}\n`);
const sharedRedis = !reason && requireOrSkip(await redisReachable(), `Redis at ${TEST_REDIS_URL}`);
const privateRedis = !reason && requireOrSkip(hasRedisServerBinary(), 'the redis-server program');

const streams: SseStream[] = [];
afterAll(() => {
  for (const s of streams) s.close();
});

async function listen(server: ServerProcess, token: string, headers: Record<string, string> = {}) {
  const stream = await openReadyStream(`${server.base}/api/events`, {
    headers: { Authorization: `Bearer ${token}`, ...headers },
  });
  streams.push(stream);
  return stream;
}

/**
 * Two processes on one fresh database and the given Redis, started together as a deployment would:
 * they take turns migrating, and one of them creates the admin.
 */
async function startPair(redisUrl: string, overrides: Record<string, string> = {}) {
  const scratch = await createScratchPostgres(process.env.DATABASE_URL as string);
  const env = {
    ...TEST_ENV,
    LOG_LEVEL: 'info',
    DATABASE_URL: scratch.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: uniqueRedisPrefix(),
    RATE_LIMIT: 'on',
    TRUST_PROXY: '1',
    LOGIN_RATE_LIMIT_PER_IP: '4',
    EVENTS_HEARTBEAT_MS: '500',
    ...overrides,
  };
  const withAdmin = { ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  const started = await Promise.allSettled([spawnServer(withAdmin), spawnServer(withAdmin)]);
  const [first, second] = started;
  if (first.status === 'rejected' || second.status === 'rejected') {
    for (const s of started) if (s.status === 'fulfilled') await s.value.stop();
    await scratch.drop();
    throw first.status === 'rejected' ? first.reason : (second as PromiseRejectedResult).reason;
  }
  return { servers: [first.value, second.value] as const, scratch };
}

let counter = 0;

/**
 * Through the API, spread over both processes: a verified mentor's class, a learner enrolled in it
 * and the learner's discussion.
 */
async function classWithDiscussion(a: ServerProcess, b: ServerProcess) {
  counter += 1;
  const register = async (server: ServerProcess, role: string) => {
    const res = await call<{ _id: string; token: string }>(server.base, 'POST', '/api/auth/register', {
      body: {
        name: `${role} ${counter}`,
        email: `${role}${counter}-${Date.now()}@example.test`,
        password: 'long enough pw',
        role,
      },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const mentor = await register(a, 'mentor');
  const learner = await register(b, 'learner');
  const admin = await call<{ token: string }>(b.base, 'POST', '/api/auth/login', { body: ADMIN });
  expect(admin.status).toBe(200);
  expect(
    (await call(b.base, 'PUT', `/api/admin/verify-mentor/${mentor._id}`, { token: admin.body.token })).status,
  ).toBe(200);
  const cls = await call<{ _id: string }>(a.base, 'POST', '/api/classes', {
    token: mentor.token,
    body: {
      title: 'Distributed systems',
      description: 'Processes that agree.',
      category: 'programming',
      contentType: 'live',
      contentUrl: '',
    },
  });
  expect(cls.status).toBe(201);
  expect((await call(b.base, 'POST', `/api/classes/${cls.body._id}/enroll`, { token: learner.token })).status).toBe(
    200,
  );
  const discussion = await call<Discussion>(a.base, 'POST', '/api/discussions', {
    token: learner.token,
    body: { title: 'Consensus', content: 'How do processes agree?', classId: cls.body._id },
  });
  expect(discussion.status).toBe(201);
  return { mentor, learner, discussionId: discussion.body._id };
}

const replyVia = (server: ServerProcess, token: string, discussionId: string, content: string) =>
  call<Discussion>(server.base, 'POST', `/api/discussions/${discussionId}/replies`, { token, body: { content } });

const hasReply = (content: string) => (m: { event: string; data: string }) =>
  m.event === 'discussion.reply' && (JSON.parse(m.data) as DiscussionReplyEvent).reply.content === content;

describe.skipIf(!sharedRedis)('two processes sharing PostgreSQL and Redis', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    // A heartbeat (which also checks the session) far beyond every wait here: it explains nothing.
    const pair = await startPair(TEST_REDIS_URL, { EVENTS_HEARTBEAT_MS: '300000' });
    [a, b] = pair.servers;
    drop = pair.scratch.drop;
  }, 240_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop();
  });

  it('a reply posted through one process appears on an event stream opened on the other', async () => {
    const { mentor, learner, discussionId } = await classWithDiscussion(a, b);
    const stream = await listen(b, learner.token);
    expect((await replyVia(a, mentor.token, discussionId, 'They vote.')).status).toBe(201);
    const event = JSON.parse((await stream.waitFor(hasReply('They vote.'), 'the reply from the other process')).data);
    expect(event).toMatchObject({ discussionId, replyCount: 1, reply: { author: { _id: mentor._id } } });
    const notification = JSON.parse((await stream.waitForEvent('notification')).data) as NotificationEvent;
    expect(notification.notification).toMatchObject({ kind: 'discussion_reply', link: `/discussions/${discussionId}` });
  }, 120_000);

  it('a sign-out on one process ends the stream open on the other at once', async () => {
    const { learner } = await classWithDiscussion(a, b);
    const stream = await listen(b, learner.token);
    const started = Date.now();
    expect((await call(a.base, 'POST', '/api/auth/logout', { token: learner.token })).status).toBe(200);
    await stream.until(() => stream.ended, 'the stream on the other process to end', 10_000);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 120_000);

  it('counts rate limits across both processes', async () => {
    const attempt = (server: ServerProcess) =>
      call(server.base, 'POST', '/api/auth/login', {
        headers: { 'X-Forwarded-For': '10.66.0.1' },
        body: { email: 'nobody@example.test', password: 'wrong password' },
      });
    const statuses = [];
    for (const server of [a, b, a, b, a, b]) statuses.push((await attempt(server)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  }, 60_000);

  it('shuts down cleanly on SIGTERM with event streams open', async () => {
    const { learner } = await classWithDiscussion(a, b);
    const open = [await listen(a, learner.token), await listen(b, learner.token)];
    const started = Date.now();
    expect(await Promise.all([a.stop(), b.stop()])).toEqual([0, 0]);
    // Well within the 10 s grace period: the streams were ended, not waited for.
    expect(Date.now() - started).toBeLessThan(8_000);
    for (const s of open) await s.until(() => s.ended, 'the stream to end');
    expect(a.output()).toContain('stopped');
  }, 60_000);
});

describe.skipIf(!privateRedis)('when Redis goes away and comes back', () => {
  let redis: PrivateRedis;
  let a: ServerProcess;
  let b: ServerProcess;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    redis = await PrivateRedis.start();
    const pair = await startPair(redis.url);
    [a, b] = pair.servers;
    drop = pair.scratch.drop;
  }, 240_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
    await drop();
  });

  it('loses no write while it is down, and events flow again once it is back', async () => {
    const { mentor, learner, discussionId } = await classWithDiscussion(a, b);
    const onB = await listen(b, learner.token);
    const onA = await listen(a, learner.token);
    expect((await replyVia(a, mentor.token, discussionId, 'before')).status).toBe(201);
    await onB.waitFor(hasReply('before'), 'the reply before the outage');
    const lastSeen = onB.messages.at(-1)?.id as string;

    await redis.stop();
    // Writes still succeed; the process that made them still tells its own clients.
    for (const content of ['during 1', 'during 2']) {
      expect((await replyVia(a, mentor.token, discussionId, content)).status).toBe(201);
    }
    await onA.waitFor(hasReply('during 2'), "the reply on its own process's stream");
    // Rate limits fall back to counting in each process: sign-in still works.
    const login = await call(b.base, 'POST', '/api/auth/login', { body: ADMIN });
    expect(login.status).toBe(200);
    // Long enough for the reconnection attempts to back off.
    await new Promise((r) => setTimeout(r, 1_500));

    await redis.start();
    await onB.waitFor((m) => m.event === 'resync', 'a resync once B hears the others again', 20_000);
    // A's own connection comes back on its own schedule (backoff up to 3 s): post until one gets through.
    let through = false;
    for (let i = 0; i < 40 && !through; i++) {
      const content = `after ${i}`;
      expect((await replyVia(a, mentor.token, discussionId, content)).status).toBe(201);
      through = await onB.waitFor(hasReply(content), 'a reply after the outage', 750).then(
        () => true,
        () => false,
      );
    }
    expect(through).toBe(true);
    expect(onB.ended).toBe(false);

    // Nothing written during the outage was lost, and a client resuming from before it gets its notifications.
    const full = await call<Discussion>(b.base, 'GET', `/api/discussions/${discussionId}`, { token: learner.token });
    expect(full.body.replies.map((r) => r.content).slice(0, 3)).toEqual(['before', 'during 1', 'during 2']);
    const resumed = await listen(b, learner.token, { 'Last-Event-ID': lastSeen });
    const replayed = resumed.all<NotificationEvent>('notification').map((e) => e.notification.kind);
    expect(replayed.length).toBeGreaterThanOrEqual(2);
    expect(new Set(replayed)).toEqual(new Set(['discussion_reply']));
    const inbox = await call<NotificationListResponse>(b.base, 'GET', '/api/notifications?limit=100', {
      token: learner.token,
    });
    expect(inbox.body.notifications.length).toBe(full.body.replies.length);
    expect(b.output()).toContain('lost Redis');
  }, 180_000);
});
