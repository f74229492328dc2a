import { expect } from 'vitest';
import { describeUpgrade, type Sql } from '../../test/migrations.js';

// Migration 0011_removed_from_class upgrades a database made by the migrations before it, in place:
// its notifications and enrolments (with their dates, which the roster shows) are kept, and the new
// notification kind can be stored once the migration has committed.

const TAG = '0011_removed_from_class';

const one = async (db: Sql, text: string) => String((await db.query(text)).rows[0]?.id);
const ENROLLED_AT = '2026-03-04T05:06:07.089Z';

/** What the old schema holds: a mentor, a learner enrolled at a known time, a notification. */
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
  await db.query(
    `insert into enrollments (class_id, user_id, created_at) values ('${cls}', '${learner}', '${ENROLLED_AT}')`,
  );
  await db.query(
    `insert into notifications (user_id, kind, actor_id, actor_name, class_id, link)
     values ('${mentor}', 'enrolment', '${learner}', 'Learner', '${cls}', '/classes/${cls}')`,
  );
  return { mentor, learner, cls };
}

async function checkUpgraded(db: Sql, old: Awaited<ReturnType<typeof fillOld>>) {
  const { rows: kept } = await db.query(
    `select (select created_at from enrolments where user_id = '${old.learner}') as enrolled_at,
       (select kind::text from notifications) as kind, (select count(*)::int from notifications) as n`,
  );
  expect(new Date(kept[0]?.enrolled_at as string | Date).toISOString()).toBe(ENROLLED_AT);
  expect(kept[0]).toMatchObject({ kind: 'enrolment', n: 1 });
  await db.query(
    `insert into notifications (user_id, kind, actor_id, actor_name, class_id, subject_title, link)
     values ('${old.learner}', 'removed_from_class', '${old.mentor}', 'Mentor', '${old.cls}', 'Old class', '/classes/${old.cls}')`,
  );
  expect((await db.query(`select kind::text from notifications where user_id = '${old.learner}'`)).rows).toEqual([
    { kind: 'removed_from_class' },
  ]);
}

describeUpgrade(TAG, { fill: fillOld, check: checkUpgraded });
