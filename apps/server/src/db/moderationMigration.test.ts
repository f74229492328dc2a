import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, usingPostgres } from '../../test/harness.js';
import { folderBefore, MIGRATION_TEST_TIMEOUT } from '../../test/migrations.js';
import { PGLITE_EXTENSIONS } from './extensions.js';
import { migrationsFolder } from './migrate.js';

// Migration 0010_moderation upgrades a database made by the migrations before it, in place: every row
// of user content and every profile is kept and stays visible (hidden = false), the review queue and
// reports start empty and take rows, and the two new notification kinds can be stored.

const TAG = '0010_moderation';

interface Sql {
  query(text: string): Promise<{ rows: Record<string, unknown>[] }>;
}

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
       (select count(*)::int from enrollments) as e`,
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

describe(`migration ${TAG}`, () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it.runIf(!usingPostgres())(
    'upgrades an embedded database in place',
    async () => {
      const before = folderBefore(TAG);
      cleanup.push(() => rmSync(before, { recursive: true, force: true }));
      const pglite = new PGlite({ extensions: PGLITE_EXTENSIONS });
      cleanup.push(() => pglite.close());
      await migratePglite(drizzlePglite(pglite), { migrationsFolder: before });
      const old = await fillOld(pglite);
      await migratePglite(drizzlePglite(pglite), { migrationsFolder: migrationsFolder() });
      await checkUpgraded(pglite, old);
    },
    MIGRATION_TEST_TIMEOUT,
  );

  it.runIf(usingPostgres())(
    'upgrades a PostgreSQL database in place',
    async () => {
      const before = folderBefore(TAG);
      cleanup.push(() => rmSync(before, { recursive: true, force: true }));
      const scratch = await createScratchPostgres(process.env.DATABASE_URL as string);
      cleanup.push(() => scratch.drop());
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      cleanup.push(() => client.end());
      await migratePg(drizzlePg(client), { migrationsFolder: before });
      const old = await fillOld(client);
      await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder() });
      await checkUpgraded(client, old);
    },
    MIGRATION_TEST_TIMEOUT,
  );
});
