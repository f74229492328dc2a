import { expect } from 'vitest';
import { TEST_ENV } from '../../test/harness.js';
import { describeUpgrade, type Sql, type Upgraded } from '../../test/migrations.js';
import { AUTH_CHANNEL } from '../auth/authChange.js';
import { resolveToken } from '../auth/sessions.js';
import { signToken } from '../auth/tokens.js';

// Migration 0009_sanctions upgrades a database of the release before it in place: every row stays,
// sessions still sign their people in (the session lookup now reads the sanctions in force too), and a
// sanction of someone is announced on the auth channel like a change of their user row.

const TAG = '0009_sanctions';
const SECRET = TEST_ENV.JWT_SECRET as string;
const DAY_MS = 86_400_000;

const TABLES = [
  'users',
  'sessions',
  'classes',
  'enrollments',
  'discussions',
  'community_posts',
  'notifications',
  'audit_log',
];

/** Rows per table; the enrolments table had its old spelling before migration 0020. */
async function counts(db: Sql): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const renamed = (await db.query(`select to_regclass('enrolments') is not null as yes`)).rows[0]?.yes === true;
  for (const table of TABLES) {
    const name = table === 'enrollments' && renamed ? 'enrolments' : table;
    const { rows } = await db.query(`select count(*)::int as n from ${name}`);
    out[table] = Number(rows[0]?.n);
  }
  return out;
}

/** What the old schema holds: a learner and a mentor with sessions, a class, an enrolment, content, a notification, an audit entry. */
async function fillOld(db: Sql) {
  const one = async (text: string) => String((await db.query(text)).rows[0]?.id);
  const learner = await one(
    `insert into users (name, email, username, password_hash, role) values ('Lea', 'lea@example.test', 'lea', 'x', 'learner') returning id`,
  );
  const mentor = await one(
    `insert into users (name, email, username, password_hash, role, verified) values ('Max', 'max@example.test', 'max', 'x', 'mentor', true) returning id`,
  );
  const learnerSession = await one(`insert into sessions (user_id) values ('${learner}') returning id`);
  const mentorSession = await one(`insert into sessions (user_id) values ('${mentor}') returning id`);
  const classId = await one(
    `insert into classes (mentor_id, title, description, category, content_type, live_room)
     values ('${mentor}', 'Old class', 'From before', 'programming', 'video', 'room-old') returning id`,
  );
  await db.query(`insert into enrollments (class_id, user_id) values ('${classId}', '${learner}')`);
  await db.query(
    `insert into discussions (class_id, author_id, title, content) values ('${classId}', '${learner}', 'Old question', 'Still here?')`,
  );
  await db.query(
    `insert into community_posts (author_id, title, content, category) values ('${learner}', 'Hello', 'From before', 'general')`,
  );
  await db.query(
    `insert into notifications (user_id, kind, actor_id, actor_name, link) values ('${mentor}', 'enrolment', '${learner}', 'Lea', '/classes/${classId}')`,
  );
  await db.query(
    `insert into audit_log (actor_id, actor_name, action, target_type, target_id, target_name) values ('${mentor}', 'Max', 'mentor_verified', 'user', '${mentor}', 'Max')`,
  );
  return { learner, mentor, learnerSession, mentorSession, before: await counts(db) };
}

async function checkUpgraded(db: Sql, old: Awaited<ReturnType<typeof fillOld>>, { orm, listen }: Upgraded) {
  const heard = await listen(AUTH_CHANNEL);
  expect(await counts(db)).toEqual(old.before);
  // Both sessions still sign their people in, with no sanction in force.
  for (const [userId, sessionId] of [
    [old.learner, old.learnerSession],
    [old.mentor, old.mentorSession],
  ] as const) {
    const auth = await resolveToken(orm, SECRET, signToken(SECRET, { userId, sessionId }), DAY_MS);
    expect(auth?.user.id).toBe(userId);
    expect(auth?.restrictions).toEqual([]);
  }
  // A sanction is announced as a change of its user, and a suspension refuses the session.
  await db.query(
    `insert into sanctions (user_id, kind, reason, ends_at, created_by_name) values ('${old.learner}', 'suspend', 'Spam', now() + interval '1 day', 'Max')`,
  );
  await expect.poll(() => heard, { timeout: 5_000 }).toContain(`user:${old.learner}`);
  const token = signToken(SECRET, { userId: old.learner, sessionId: old.learnerSession });
  expect(await resolveToken(orm, SECRET, token, DAY_MS)).toBeNull();
  // The new notification kinds are there.
  await db.query(
    `insert into notifications (user_id, kind, link) values ('${old.learner}', 'suspended', '/dashboard')`,
  );
  // A warning has no end; a silence must have one.
  await expect(
    db.query(
      `insert into sanctions (user_id, kind, reason, created_by_name) values ('${old.learner}', 'silence', 'x', 'Max')`,
    ),
  ).rejects.toThrow(/sanctions_end/);
}

describeUpgrade(TAG, { fill: fillOld, check: checkUpgraded });
