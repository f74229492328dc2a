import { expect } from 'vitest';
import { describeUpgrade, type Sql, type Upgraded } from '../../test/migrations.js';
import { AUTH_CHANNEL } from '../auth/authChange.js';

// Migration 0008_access_changes upgrades a database made by the migrations before it, in place: the
// enrolment trigger announces every enrolment that ends, and learners lose a verification they kept
// from being mentors.

const TAG = '0008_access_changes';

/** What the old schema holds: a demoted mentor still verified, a verified mentor, a class, an enrolment. */
async function fillOld(db: Sql) {
  const user = async (role: string, verified: boolean, requested: boolean) => {
    const { rows } = await db.query(
      `insert into users (name, email, username, password_hash, role, verified, verification_requested, verification_request_date)
       values ('${role}', '${role}-${verified}@example.test', '${role}${verified ? 'v' : ''}', 'x', '${role}', ${verified}, ${requested}, ${requested ? 'now()' : 'null'})
       returning id`,
    );
    return String(rows[0]?.id);
  };
  const demoted = await user('learner', true, true);
  const mentor = await user('mentor', true, false);
  const { rows } = await db.query(
    `insert into classes (mentor_id, title, description, category, content_type, live_room)
     values ('${mentor}', 'Old class', 'From before', 'programming', 'video', 'room-old') returning id`,
  );
  const classId = String(rows[0]?.id);
  await db.query(`insert into enrollments (class_id, user_id) values ('${classId}', '${demoted}')`);
  return { demoted, mentor, classId };
}

async function checkUpgraded(db: Sql, old: Awaited<ReturnType<typeof fillOld>>, upgraded: Upgraded) {
  const heard = await upgraded.listen(AUTH_CHANNEL);
  const { rows } = await db.query(
    `select id, verified, verification_requested, verification_request_date from users order by role`,
  );
  expect(rows).toEqual([
    { id: old.demoted, verified: false, verification_requested: false, verification_request_date: null },
    expect.objectContaining({ id: old.mentor, verified: true }),
  ]);
  await db.query(`delete from enrolments where user_id = '${old.demoted}'`);
  await expect.poll(() => heard, { timeout: 5_000 }).toContain(`member:${old.demoted}:${old.classId}`);
}

describeUpgrade(TAG, { fill: fillOld, check: checkUpgraded });
