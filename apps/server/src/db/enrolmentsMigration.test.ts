import { expect } from 'vitest';
import { describeUpgrade, type Sql, type Upgraded } from '../../test/migrations.js';
import { AUTH_CHANNEL } from '../auth/authChange.js';
import { DATA_CHANNEL } from './dataChanges.js';

// Migration 0020_enrolments renames the table enrollments to enrolments in place: every enrolment keeps
// its date, sign-in sessions stay, the names derived from the table follow it, and both triggers on it
// still announce (a leaving member on the access channel; the table's changes, now by its new name).

const TAG = '0020_enrolments';

async function fillOld(db: Sql) {
  const one = async (text: string) => String((await db.query(text)).rows[0]?.id);
  const mentor = await one(
    `insert into users (name, email, username, password_hash, role, verified)
     values ('Mentor', 'mentor@example.test', 'mentor', 'x', 'mentor', true) returning id`,
  );
  const learner = await one(
    `insert into users (name, email, username, password_hash, role)
     values ('Learner', 'learner@example.test', 'learner', 'x', 'learner') returning id`,
  );
  const cls = await one(
    `insert into classes (mentor_id, title, description, category, content_type, live_room)
     values ('${mentor}', 'Old class', 'From before', 'programming', 'video', 'room-old') returning id`,
  );
  await db.query(
    `insert into enrollments (class_id, user_id, created_at) values ('${cls}', '${learner}', '2026-11-01T10:00:00.123Z')`,
  );
  const session = await one(`insert into sessions (user_id) values ('${learner}') returning id`);
  return { mentor, learner, cls, session };
}

async function checkUpgraded(db: Sql, old: Awaited<ReturnType<typeof fillOld>>, { listen }: Upgraded) {
  const value = async (text: string) => (await db.query(text)).rows[0]?.v;
  expect(await value(`select to_regclass('enrollments') as v`)).toBeNull();
  expect(
    await value(
      `select (extract(epoch from created_at) * 1000)::bigint::text as v from enrolments where user_id = '${old.learner}'`,
    ),
  ).toBe(String(Date.parse('2026-11-01T10:00:00.123Z')));
  expect(await value(`select user_id::text as v from sessions where id = '${old.session}'`)).toBe(old.learner);
  const names = (
    await db.query(
      `select conname as v from pg_constraint where conrelid = 'enrolments'::regclass
     union all select indexname from pg_indexes where tablename = 'enrolments'
     union all select tgname from pg_trigger where tgrelid = 'enrolments'::regclass and not tgisinternal`,
    )
  ).rows.map((r) => String(r.v));
  expect(names.filter((n) => n.includes('enrollments'))).toEqual([]);
  expect(names).toEqual(expect.arrayContaining(['enrolments_pkey', 'enrolments_user_created_idx']));

  const members = await listen(AUTH_CHANNEL);
  const tables = await listen(DATA_CHANNEL);
  await db.query(`delete from enrolments where user_id = '${old.learner}'`);
  await expect.poll(() => members, { timeout: 5_000 }).toContain(`member:${old.learner}:${old.cls}`);
  await expect.poll(() => tables, { timeout: 5_000 }).toContain('enrolments');
}

describeUpgrade(TAG, { fill: fillOld, check: checkUpgraded });
