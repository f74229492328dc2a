import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classRequest } from '../../test/factories/index.js';
import { createScratchPostgres, TEST_ENV, usingPostgres } from '../../test/harness.js';
import { call, type ServerProcess, spawnServer } from '../../test/processes.js';
import { type SmtpStub, startSmtpStub } from '../../test/smtpStub.js';

// Notification email with two real server processes on one PostgreSQL, each polling the job queue on its
// own (start.ts), as production runs them: each reply is mailed exactly once, whichever process sweeps
// it and whichever sends it. PostgreSQL only: the embedded database belongs to one process.

const ADMIN = { email: 'root@example.test', password: 'admin password 1' };
const reason = usingPostgres() ? undefined : 'several processes need a shared PostgreSQL (DATABASE_URL)';
if (reason) process.stdout.write(`skipped: notification email across processes: ${reason}\n`);

/** Both processes poll every 5 s: a few rounds, on a busy machine. */
const DELIVERY_MS = 30_000;

describe.skipIf(reason)('notification email across two server processes', () => {
  let smtp: SmtpStub;
  let a: ServerProcess;
  let b: ServerProcess;
  let drop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    smtp = await startSmtpStub();
    const scratch = await createScratchPostgres(process.env.DATABASE_URL as string);
    drop = scratch.drop;
    const env = {
      ...TEST_ENV,
      DATABASE_URL: scratch.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: smtp.url,
    };
    [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop();
    await smtp?.close();
  });

  let counter = 0;
  async function register(base: string, role: 'learner' | 'mentor') {
    counter += 1;
    const email = `p${counter}-${Date.now()}@example.test`;
    const res = await call<{ _id: string; token: string }>(base, 'POST', '/api/auth/register', {
      body: { name: `Person ${counter}`, email, password: 'long enough pw', role },
    });
    expect(res.status).toBe(201);
    return { id: res.body._id, token: res.body.token, email };
  }

  it('each reply is mailed once, whichever process sends it', async () => {
    const admin = await call<{ token: string }>(a.base, 'POST', '/api/auth/login', { body: ADMIN });
    const mentor = await register(a.base, 'mentor');
    expect(
      (await call(a.base, 'PUT', `/api/admin/verify-mentor/${mentor.id}`, { token: admin.body.token })).status,
    ).toBe(200);
    const cls = await call<{ _id: string }>(a.base, 'POST', '/api/classes', {
      token: mentor.token,
      body: classRequest(),
    });
    const learner = await register(b.base, 'learner');
    expect((await call(b.base, 'POST', `/api/classes/${cls.body._id}/enroll`, { token: learner.token })).status).toBe(
      200,
    );
    const discussion = await call<{ _id: string }>(b.base, 'POST', '/api/discussions', {
      token: learner.token,
      body: { classId: cls.body._id, title: 'Two processes, one inbox', content: 'Will I hear of each reply once?' },
    });
    expect(discussion.status).toBe(201);

    const replies = 6;
    for (let i = 0; i < replies; i++) {
      const res = await call(i % 2 ? a.base : b.base, 'POST', `/api/discussions/${discussion.body._id}/replies`, {
        token: mentor.token,
        body: { content: `Reply number ${i + 1}` },
      });
      expect(res.status).toBe(201);
    }
    const toLearner = () => smtp.received.filter((mail) => mail.to.includes(learner.email));
    const deadline = Date.now() + DELIVERY_MS;
    while (toLearner().length < replies && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(toLearner()).toHaveLength(replies);
    // A few more polling rounds bring no second copy.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(toLearner()).toHaveLength(replies);
    expect(new Set(toLearner().map((mail) => mail.header('Message-ID'))).size).toBe(replies);
  }, 120_000);
});
