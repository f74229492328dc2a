import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ClassSession, MESSAGES, notificationListResponseSchema } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClassWithLearners, makeLearner, type TestUser } from '../../test/factories/index.js';
import { createScratchPostgres, startTestServer, type TestServer, usingPostgres } from '../../test/harness.js';
import { MIGRATION_TEST_TIMEOUT } from '../../test/migrations.js';
import { type ClassRow, jobs } from '../db/schema.js';

// Session reminders (issue #25): SESSION_REMINDER_MINUTES (default 15) before a scheduled session, each
// learner enrolled in its class and its mentor find one reminder in the bell: once, even with two
// processes running jobs, and after a restart for a reminder that came due while no server ran.

let t: TestServer;
let other: TestServer | undefined;
beforeAll(async () => {
  t = await startTestServer();
  // On PostgreSQL a second server on the same database stands for a second process.
  if (usingPostgres()) other = await startTestServer({ databaseUrl: t.ctx.config.databaseUrl as string });
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

const MINUTE = 60_000;
const LEAD = 15 * MINUTE;
const at = (base: Date | string, ms: number) => new Date(new Date(base).getTime() + ms);

async function schedule(server: TestServer, who: TestUser, cls: ClassRow, startsAt: Date, o = {}) {
  const res = await server.http
    .post(`/api/classes/${cls.id}/sessions`)
    .set(who.auth)
    .send({ title: 'Ownership', startsAt: startsAt.toISOString(), durationMinutes: 60, ...o });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as ClassSession;
}

async function reminders(who: TestUser, server = t) {
  const res = await server.http.get('/api/notifications').set(who.auth);
  expect(res.status).toBe(200);
  return notificationListResponseSchema.parse(res.body).notifications.filter((n) => n.kind === 'session_reminder');
}

describe('session reminders', () => {
  it('remind every enrolled learner and the mentor once, 15 minutes before the start', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 2);
    const outsider = await makeLearner(t);
    const startsAt = at(new Date(), 2 * 60 * MINUTE);
    await schedule(t, mentor, cls, startsAt);

    await t.ctx.jobs.runDue(at(startsAt, -LEAD - 1));
    for (const who of [mentor, ...learners]) expect(await reminders(who)).toEqual([]);

    await t.ctx.jobs.runDue(at(startsAt, -LEAD));
    for (const who of [mentor, ...learners]) {
      const [reminder, ...more] = await reminders(who);
      expect(more).toEqual([]);
      expect(reminder).toMatchObject({
        message: MESSAGES.notifications.sessionReminder('Ownership', cls.title),
        link: `/classes/${cls.id}`,
        actor: null,
        read: false,
      });
    }
    expect(MESSAGES.notifications.sessionReminder('Ownership', 'Rust')).toBe(
      'Reminder: the session “Ownership” of “Rust” starts soon',
    );
    expect(MESSAGES.notifications.sessionReminder('', 'Rust')).toBe('Reminder: a session of “Rust” starts soon');
    expect(await reminders(outsider)).toEqual([]);

    await t.ctx.jobs.runDue(at(startsAt, 0));
    for (const who of [mentor, ...learners]) expect(await reminders(who)).toHaveLength(1);
  });

  it('follow a moved session to its new time, keep it on a new title, and go with a cancelled one', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 1);
    const [learner] = learners as [TestUser];
    const first = at(new Date(), 2 * 60 * MINUTE);
    const moved = at(first, 3 * 60 * MINUTE);
    const session = await schedule(t, mentor, cls, first);
    const edit = (o: Record<string, unknown>) =>
      t.http
        .put(`/api/classes/${cls.id}/sessions/${session._id}`)
        .set(mentor.auth)
        .send({ title: 'Ownership', startsAt: moved.toISOString(), durationMinutes: 60, ...o });
    expect((await edit({})).status).toBe(200);
    expect((await edit({ title: 'Borrowing' })).status).toBe(200);

    await t.ctx.jobs.runDue(at(first, 0));
    expect(await reminders(learner)).toEqual([]);
    await t.ctx.jobs.runDue(at(moved, -LEAD));
    const [reminder] = await reminders(learner);
    expect(reminder?.message).toBe(MESSAGES.notifications.sessionReminder('Borrowing', cls.title));

    const cancelled = await schedule(t, mentor, cls, first, { title: 'Lifetimes' });
    const key = `session-reminder:${cancelled._id}`;
    expect(await t.ctx.db.select().from(jobs).where(eq(jobs.key, key))).toHaveLength(1);
    const res = await t.http.delete(`/api/classes/${cls.id}/sessions/${cancelled._id}`).set(mentor.auth);
    expect(res.status).toBe(200);
    expect(await t.ctx.db.select().from(jobs).where(eq(jobs.key, key))).toEqual([]);
    await t.ctx.jobs.runDue(at(first, 0));
    expect(await reminders(learner)).toHaveLength(1);
  });

  it('that come due late still go out while the session is on, and not once it has ended', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 1);
    const [learner] = learners as [TestUser];
    const startsAt = at(new Date(), 2 * 60 * MINUTE);
    const session = await schedule(t, mentor, cls, startsAt, { title: 'Under way' });
    await schedule(t, mentor, cls, at(startsAt, -10 * MINUTE), { title: 'Over', durationMinutes: 15 });
    // As a server that was down from before the reminders until ten minutes into the first session.
    await t.ctx.jobs.runDue(at(startsAt, 10 * MINUTE));
    const got = await reminders(learner);
    expect(got.map((n) => n.message)).toEqual([MESSAGES.notifications.sessionReminder('Under way', cls.title)]);
    expect(
      await t.ctx.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `session-reminder:${session._id}`)),
    ).toEqual([]);
  });

  it('go out once per member when two workers race for them', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 3);
    const startsAt = at(new Date(), 60 * MINUTE);
    for (let i = 0; i < 4; i++) await schedule(t, mentor, cls, at(startsAt, i * MINUTE), { title: `Part ${i}` });
    const second = other ?? t;
    const due = at(startsAt, 4 * MINUTE - LEAD);
    await Promise.all([t.ctx.jobs.runDue(due), second.ctx.jobs.runDue(due), t.ctx.jobs.runDue(due)]);
    for (const who of [mentor, ...learners]) {
      const got = await reminders(who);
      expect(got.map((n) => n.message).sort()).toEqual(
        [0, 1, 2, 3].map((i) => MESSAGES.notifications.sessionReminder(`Part ${i}`, cls.title)),
      );
    }
  });
});

describe('a reminder due while no server ran', () => {
  // Two servers in turn on a new on-disk database: the first migrates it from nothing, hence the upgrade
  // tests' time limit.
  it(
    'goes out when the server starts again',
    async () => {
      const scratch = usingPostgres() ? await createScratchPostgres(process.env.DATABASE_URL as string) : undefined;
      const dataDir = scratch ? undefined : mkdtempSync(path.join(os.tmpdir(), 'mentora-restart-'));
      const where = scratch ? { databaseUrl: scratch.url } : { pgliteDataDir: dataDir };
      try {
        const before = await startTestServer(where);
        const { mentor, cls, learners } = await makeClassWithLearners(before, 1);
        const [learner] = learners as [TestUser];
        // Ten minutes ahead: its reminder is due at once, and this server stops before running it.
        await schedule(before, mentor, cls, at(new Date(), 10 * MINUTE));
        await before.close();

        const after = await startTestServer(where);
        try {
          after.ctx.jobs.start(); // as start.ts does
          await expect.poll(async () => (await reminders(learner, after)).length, { timeout: 15_000 }).toBe(1);
        } finally {
          await after.close();
        }
      } finally {
        await scratch?.drop();
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      }
    },
    MIGRATION_TEST_TIMEOUT,
  );
});
