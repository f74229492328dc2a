import type { NotificationListResponse } from '@mentora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classRequest } from '../../test/factories/index.js';
import { createScratchPostgres, TEST_ENV, usingPostgres } from '../../test/harness.js';
import { call, type ServerProcess, spawnServer } from '../../test/processes.js';

// Session reminders with two real server processes on one PostgreSQL, each polling the job queue on its
// own (start.ts), as production runs them: every member gets each reminder once. (A reminder due while no
// server ran: reminders.test.ts.)
// PostgreSQL only: the embedded database belongs to one process.

const ADMIN = { email: 'root@example.test', password: 'admin password 1' };
const reason = usingPostgres() ? undefined : 'several processes need a shared PostgreSQL (DATABASE_URL)';
if (reason) process.stdout.write(`skipped: reminders across processes: ${reason}\n`);

/** Both processes poll every 5 s: a few rounds, on a busy machine. */
const DELIVERY_MS = 30_000;

describe.skipIf(reason)('session reminders across two server processes', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let drop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const scratch = await createScratchPostgres(process.env.DATABASE_URL as string);
    drop = scratch.drop;
    const env = { ...TEST_ENV, DATABASE_URL: scratch.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop();
  });

  let counter = 0;
  async function register(base: string, role: 'learner' | 'mentor') {
    counter += 1;
    const res = await call<{ _id: string; token: string }>(base, 'POST', '/api/auth/register', {
      body: {
        name: `Person ${counter}`,
        email: `p${counter}-${Date.now()}@example.test`,
        password: 'long enough pw',
        role,
      },
    });
    expect(res.status).toBe(201);
    return { id: res.body._id, token: res.body.token };
  }

  /** A verified mentor's class with three enrolled learners, made through A. */
  async function classroom() {
    const admin = await call<{ token: string }>(a.base, 'POST', '/api/auth/login', { body: ADMIN });
    const mentor = await register(a.base, 'mentor');
    const verified = await call(a.base, 'PUT', `/api/admin/verify-mentor/${mentor.id}`, { token: admin.body.token });
    expect(verified.status).toBe(200);
    const cls = await call<{ _id: string }>(a.base, 'POST', '/api/classes', {
      token: mentor.token,
      body: classRequest({ contentType: 'live', contentUrl: '' }),
    });
    expect(cls.status).toBe(201);
    const learners = [];
    for (let i = 0; i < 3; i++) {
      const learner = await register(a.base, 'learner');
      expect((await call(a.base, 'POST', `/api/classes/${cls.body._id}/enroll`, { token: learner.token })).status).toBe(
        200,
      );
      learners.push(learner);
    }
    return { mentor, classId: cls.body._id, learners };
  }

  /** Sessions ten minutes ahead: inside the 15-minute lead, so each reminder is due at once. */
  async function schedule(base: string, token: string, classId: string, title: string) {
    const startsAt = new Date(Date.now() + 10 * 60_000).toISOString();
    const res = await call(base, 'POST', `/api/classes/${classId}/sessions`, {
      token,
      body: { title, startsAt, durationMinutes: 30 },
    });
    expect(res.status).toBe(201);
  }

  async function reminderTitles(base: string, token: string): Promise<string[]> {
    const res = await call<NotificationListResponse>(base, 'GET', '/api/notifications?limit=50', { token });
    expect(res.status).toBe(200);
    return res.body.notifications
      .filter((n) => n.kind === 'session_reminder')
      .map((n) => n.message)
      .sort();
  }

  async function untilReminded(base: string, token: string, count: number): Promise<string[]> {
    const deadline = Date.now() + DELIVERY_MS;
    let titles = await reminderTitles(base, token);
    while (titles.length < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      titles = await reminderTitles(base, token);
    }
    return titles;
  }

  it('each member gets each reminder once, whichever process runs it', async () => {
    const { mentor, classId, learners } = await classroom();
    const titles = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'];
    // Scheduled through both processes, run by whichever polls first.
    for (const [i, title] of titles.entries()) await schedule(i % 2 ? a.base : b.base, mentor.token, classId, title);
    for (const who of [mentor, ...learners]) {
      const got = await untilReminded(b.base, who.token, titles.length);
      expect(got).toHaveLength(titles.length);
      expect(new Set(got).size).toBe(titles.length);
    }
    // A few more polling rounds bring no second copy.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    for (const who of [mentor, ...learners])
      expect(await reminderTitles(a.base, who.token)).toHaveLength(titles.length);
  }, 120_000);
});
