import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeLearner, makePost } from '../../test/factories/index.js';
import { startTestServer, type TestServer, usingPostgres } from '../../test/harness.js';
import { redisReachable, requireOrSkip, TEST_REDIS_URL, uniqueRedisPrefix } from '../../test/redis.js';
import { openReadyStream } from '../../test/sse.js';

// The review queue's live count crosses processes: a report on one server reaches the admins whose
// streams are open on another, through Redis, and nobody else there. PostgreSQL only (the embedded
// database belongs to one process).

const run = usingPostgres() && requireOrSkip(await redisReachable(), `Redis at ${TEST_REDIS_URL}`);

describe.runIf(run)('moderation.queue across processes', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: uniqueRedisPrefix() };
    a = await startTestServer({ env });
    b = await startTestServer({ env, databaseUrl: a.ctx.config.databaseUrl });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('reaches every admin on the other process, and no one else', async () => {
    const admin = await makeAdmin(a);
    const learner = await makeLearner(a);
    const author = await makeLearner(a);
    const adminStream = await openReadyStream(`${b.baseUrl}/api/events`, { headers: admin.auth });
    const learnerStream = await openReadyStream(`${b.baseUrl}/api/events`, { headers: learner.auth });
    try {
      const post = await makePost(a, author);
      const res = await a.http
        .post('/api/reports')
        .set(learner.auth)
        .send({ targetType: 'post', targetId: post._id, reason: 'spam' });
      expect(res.status).toBe(201);
      const event = await adminStream.waitForEvent('moderation.queue');
      expect(JSON.parse(event.data)).toEqual({ openCount: 1 });
      await learnerStream.waitForEvent('community.post');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(learnerStream.all('moderation.queue')).toEqual([]);
    } finally {
      adminStream.close();
      learnerStream.close();
    }
  });
});
