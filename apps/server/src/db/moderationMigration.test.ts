import { expect } from 'vitest';
import { describeUpgrade, type Sql } from '../../test/migrations.js';

// Migration 0010_moderation upgrades a database made by the migrations before it, in place: every row
// of user content and every profile is kept and stays visible (hidden = false), the review queue and
// reports start empty and take rows, and the two new notification kinds can be stored.

const TAG = '0010_moderation';

const one = async (db: Sql, text: string) => String((await db.query(text)).rows[0]?.id);

/** What the old schema holds: two people, a class, a discussion with a reply, a post with a reply, a review. */
async function fillOld(db: Sql) {
  const mentor = await one(
    db,
    `insert into users (name, email, username, password_hash, role, verified, bio)
     values ('Mentor', 'm@example.test', 'm', 'x', 'mentor', true, 'Teaches') returning id`,
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
  const discussion = await one(
    db,
    `insert into discussions (class_id, author_id, title, content, flagged, flag_reason)
     values ('${cls}', '${learner}', 'Old thread', 'Old words', true, 'Hostile tone towards another person.') returning id`,
  );
  const reply = await one(
    db,
    `insert into discussion_replies (discussion_id, author_id, content) values ('${discussion}', '${mentor}', 'Old reply') returning id`,
  );
  const post = await one(
    db,
    `insert into community_posts (author_id, title, content) values ('${learner}', 'Old post', 'Post words') returning id`,
  );
  const postReply = await one(
    db,
    `insert into community_replies (post_id, author_id, content) values ('${post}', '${mentor}', 'Post reply') returning id`,
  );
  const review = await one(
    db,
    `insert into reviews (class_id, user_id, rating, comment) values ('${cls}', '${learner}', 4, 'Good') returning id`,
  );
  await db.query(
    `insert into notifications (user_id, kind, actor_id, actor_name, class_id, link) values ('${mentor}', 'enrolment', '${learner}', 'Learner', '${cls}', '/classes/${cls}')`,
  );
  return { mentor, learner, cls, discussion, reply, post, postReply, review };
}

async function checkUpgraded(db: Sql, old: Awaited<ReturnType<typeof fillOld>>) {
  const kept = async (table: string, id: string) =>
    (await db.query(`select hidden from ${table} where id = '${id}'`)).rows;
  for (const [table, id] of [
    ['users', old.mentor],
    ['users', old.learner],
    ['discussions', old.discussion],
    ['discussion_replies', old.reply],
    ['community_posts', old.post],
    ['community_replies', old.postReply],
    ['reviews', old.review],
  ] as const) {
    expect(await kept(table, id), `${table} ${id}`).toEqual([{ hidden: false }]);
  }
  const { rows: texts } = await db.query(
    `select (select content from discussions) as d, (select flag_reason from discussions) as f,
       (select content from discussion_replies) as r, (select content from community_posts) as p,
       (select content from community_replies) as pr, (select comment from reviews) as c,
       (select bio from users where name = 'Mentor') as bio, (select count(*)::int from notifications) as n,
       (select count(*)::int from enrolments) as e`,
  );
  expect(texts[0]).toEqual({
    d: 'Old words',
    f: 'Hostile tone towards another person.',
    r: 'Old reply',
    p: 'Post words',
    pr: 'Post reply',
    c: 'Good',
    bio: 'Teaches',
    n: 1,
    e: 1,
  });
  expect((await db.query('select count(*)::int as n from moderation_entries')).rows).toEqual([{ n: 0 }]);
  // The new tables take rows about the old content, and the new notification kinds can be stored.
  const entry = await one(
    db,
    `insert into moderation_entries (target_type, target_id, author_id) values ('discussion', '${old.discussion}', '${old.learner}') returning id`,
  );
  await db.query(`insert into reports (entry_id, reporter_id, reason) values ('${entry}', '${old.mentor}', 'spam')`);
  await db.query(
    `insert into notifications (user_id, kind, link, context_title) values ('${old.mentor}', 'report_resolved', '/dashboard', 'it was kept')`,
  );
  // One open entry per item.
  await expect(
    db.query(
      `insert into moderation_entries (target_type, target_id, author_id) values ('discussion', '${old.discussion}', '${old.learner}')`,
    ),
  ).rejects.toThrow();
  // An account deleted takes its entries and reports with it.
  await db.query(`delete from users where id = '${old.learner}'`);
  expect((await db.query('select count(*)::int as n from moderation_entries')).rows).toEqual([{ n: 0 }]);
  expect((await db.query('select count(*)::int as n from reports')).rows).toEqual([{ n: 0 }]);
}

describeUpgrade(TAG, { fill: fillOld, check: checkUpgraded });
