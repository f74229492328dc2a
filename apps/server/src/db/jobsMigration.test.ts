import { expect } from 'vitest';
import { describeUpgrade, type Sql } from '../../test/migrations.js';

// Migration 0014_jobs upgrades a database made by the migrations before it, in place: the job queue's
// table starts with a reminder for each upcoming session already scheduled (none for a cancelled or past
// one), keys stay unique, and the new notification kind can be stored once it has committed; calendar
// feeds start empty, one token per user.

const TAG = '0014_jobs';

const one = async (db: Sql, text: string) => String((await db.query(text)).rows[0]?.id);

/** What the old schema holds: a mentor, an enrolled learner, a class and three of its sessions. */
async function fillOld(db: Sql) {
  const mentor = await one(
    db,
    `insert into users (name, email, username, password_hash, role, verified)
     values ('Mentor', 'm@example.test', 'm', 'x', 'mentor', true) returning id`,
  );
  const learner = await one(
    db,
    `insert into users (name, email, username, password_hash, role) values ('Learner', 'l@example.test', 'l', 'x', 'learner') returning id`,
  );
  const cls = await one(
    db,
    `insert into classes (mentor_id, title, description, category, content_type, live_room)
     values ('${mentor}', 'Old class', 'From before', 'programming', 'video', 'room-old') returning id`,
  );
  await db.query(`insert into enrollments (class_id, user_id) values ('${cls}', '${learner}')`);
  const session = (when: string, cancelled = false) =>
    one(
      db,
      `insert into class_sessions (class_id, starts_at, duration_minutes, cancelled_at)
       values ('${cls}', ${when}, 60, ${cancelled ? 'now()' : 'null'}) returning id`,
    );
  const upcoming = await session(`'2099-01-01T10:00:00Z'`);
  await session(`'2099-01-02T10:00:00Z'`, true);
  await session(`now() - interval '1 day'`);
  return { mentor, learner, cls, upcoming };
}

async function checkUpgraded(db: Sql, old: Awaited<ReturnType<typeof fillOld>>) {
  const { rows } = await db.query(
    `select kind, payload, key, attempts, failed_at, run_at = '2099-01-01T09:45:00Z'::timestamptz as on_time from jobs`,
  );
  expect(rows).toEqual([
    {
      kind: 'session-reminder',
      payload: { sessionId: old.upcoming },
      key: `session-reminder:${old.upcoming}`,
      attempts: 0,
      failed_at: null,
      on_time: true,
    },
  ]);
  await expect(
    db.query(`insert into jobs (kind, key) values ('session-reminder', 'session-reminder:${old.upcoming}')`),
  ).rejects.toThrow(/jobs_key_key/);
  // Jobs without a key never conflict.
  await db.query(`insert into jobs (kind) values ('other'), ('other')`);

  await db.query(
    `insert into notifications (user_id, kind, class_id, subject_title, context_title, link)
     values ('${old.learner}', 'session_reminder', '${old.cls}', '', 'Old class', '/classes/${old.cls}')`,
  );
  const { rows: kinds } = await db.query(`select kind::text from notifications where user_id = '${old.learner}'`);
  expect(kinds).toEqual([{ kind: 'session_reminder' }]);

  // Calendar feeds: one per user, tokens unique, gone with their user.
  await db.query(`insert into calendar_feeds (user_id, token) values ('${old.learner}', 'tok-1')`);
  await expect(
    db.query(`insert into calendar_feeds (user_id, token) values ('${old.mentor}', 'tok-1')`),
  ).rejects.toThrow(/calendar_feeds_token_key/);
  await db.query(`delete from users where id = '${old.learner}'`);
  expect((await db.query('select count(*)::int as n from calendar_feeds')).rows[0]).toEqual({ n: 0 });
}

describeUpgrade(TAG, { fill: fillOld, check: checkUpgraded });
