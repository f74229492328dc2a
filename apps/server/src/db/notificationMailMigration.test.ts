import { expect } from 'vitest';
import { describeUpgrade, type Sql } from '../../test/migrations.js';

// Migration 0015_notification_mail upgrades a database made by the migrations before it, in place: its
// notifications and sessions are kept, every notification from before is marked as decided for email
// (an upgrade mails nobody about the past), and a new one is left for the mail sweep to decide.

const TAG = '0015_notification_mail';

const one = async (db: Sql, text: string) => String((await db.query(text)).rows[0]?.id);

/** What the old schema holds: a learner with a session, and two unread notifications. */
async function fillOld(db: Sql) {
  const learner = await one(
    db,
    `insert into users (name, email, username, password_hash, role) values ('Learner', 'l@example.test', 'l', 'x', 'learner') returning id`,
  );
  const session = await one(db, `insert into sessions (user_id) values ('${learner}') returning id`);
  for (const title of ['First', 'Second']) {
    await db.query(
      `insert into notifications (user_id, kind, subject_title, link) values ('${learner}', 'post_reply', '${title}', '/community')`,
    );
  }
  return { learner, session };
}

async function checkUpgraded(db: Sql, old: Awaited<ReturnType<typeof fillOld>>) {
  const { rows } = await db.query(
    `select (select count(*)::int from notifications where read_at is null) as unread,
       (select count(*)::int from notifications where mailed_seq is distinct from seq) as undecided,
       (select count(*)::int from sessions where id = '${old.session}') as sessions`,
  );
  expect(rows[0]).toEqual({ unread: 2, undecided: 0, sessions: 1 });

  // What comes after the upgrade is the sweep's to decide; the new choices can be stored.
  await db.query(
    `insert into notifications (user_id, kind, subject_title, link) values ('${old.learner}', 'post_reply', 'Third', '/community')`,
  );
  await db.query(
    `insert into notification_preferences (user_id, kind, in_app, email) values ('${old.learner}', 'post_like', false, 'off')`,
  );
  await db.query(`insert into mail_settings (user_id, time_zone) values ('${old.learner}', 'Europe/Paris')`);
  const after = await db.query(
    `select (select count(*)::int from notifications where mailed_seq is distinct from seq) as undecided,
       (select count(*)::int from notification_preferences) as preferences`,
  );
  expect(after.rows[0]).toEqual({ undecided: 1, preferences: 1 });
  await expect(
    db.query(
      `insert into notification_preferences (user_id, kind, in_app, email) values ('${old.learner}', 'post_reply', true, 'weekly')`,
    ),
  ).rejects.toThrow();
}

describeUpgrade(TAG, { fill: fillOld, check: checkUpgraded });
