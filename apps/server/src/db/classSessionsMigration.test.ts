import { expect } from 'vitest';
import { describeUpgrade, type Sql } from '../../test/migrations.js';

// Migration 0012_class_sessions upgrades a database made by the migrations before it, in place: its
// classes, enrolments and notifications are kept; class_sessions starts empty, takes sessions of 15 to
// 480 minutes and goes with its class; the three new notification kinds can be stored once it has
// committed.

const TAG = '0012_class_sessions';

const one = async (db: Sql, text: string) => String((await db.query(text)).rows[0]?.id);

/** What the old schema holds: a mentor, an enrolled learner, a class and a notification. */
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
  await db.query(
    `insert into notifications (user_id, kind, actor_id, actor_name, class_id, link)
     values ('${mentor}', 'enrolment', '${learner}', 'Learner', '${cls}', '/classes/${cls}')`,
  );
  return { mentor, learner, cls };
}

async function checkUpgraded(db: Sql, old: Awaited<ReturnType<typeof fillOld>>) {
  const { rows: kept } = await db.query(
    `select (select count(*)::int from classes) as classes, (select count(*)::int from enrolments) as enrolled,
       (select kind::text from notifications) as kind, (select count(*)::int from class_sessions) as sessions`,
  );
  expect(kept[0]).toMatchObject({ classes: 1, enrolled: 1, kind: 'enrolment', sessions: 0 });

  const session = await one(
    db,
    `insert into class_sessions (class_id, starts_at, duration_minutes) values ('${old.cls}', now() + interval '1 day', 60) returning id`,
  );
  const { rows: stored } = await db.query(
    `select title, sequence, cancelled_at from class_sessions where id = '${session}'`,
  );
  expect(stored[0]).toEqual({ title: '', sequence: 0, cancelled_at: null });
  for (const minutes of [14, 481]) {
    await expect(
      db.query(
        `insert into class_sessions (class_id, starts_at, duration_minutes) values ('${old.cls}', now(), ${minutes})`,
      ),
    ).rejects.toThrow(/class_sessions_duration_range/);
  }

  for (const kind of ['session_scheduled', 'session_moved', 'session_cancelled']) {
    await db.query(
      `insert into notifications (user_id, kind, actor_id, actor_name, class_id, subject_title, context_title, link)
       values ('${old.learner}', '${kind}', '${old.mentor}', 'Mentor', '${old.cls}', '', 'Old class', '/classes/${old.cls}')`,
    );
  }
  const { rows: kinds } = await db.query(
    `select kind::text from notifications where user_id = '${old.learner}' order by kind::text`,
  );
  expect(kinds.map((r) => r.kind)).toEqual(['session_cancelled', 'session_moved', 'session_scheduled']);

  // A class takes its sessions with it.
  await db.query(`delete from classes where id = '${old.cls}'`);
  expect((await db.query('select count(*)::int as n from class_sessions')).rows[0]).toEqual({ n: 0 });
}

describeUpgrade(TAG, { fill: fillOld, check: checkUpgraded });
