import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, TEST_ENV, usingPostgres } from '../../test/harness.js';
import { folderBefore, MIGRATION_TEST_TIMEOUT } from '../../test/migrations.js';
import { AUTH_CHANNEL } from '../auth/authChanges.js';
import { resolveToken } from '../auth/sessions.js';
import { signToken } from '../auth/tokens.js';
import type { Queryable } from './client.js';
import { PGLITE_EXTENSIONS } from './extensions.js';
import { migrationsFolder } from './migrate.js';
import * as schema from './schema.js';

// Migration 0009_sanctions upgrades a database of the release before it in place: every row stays,
// sessions still sign their people in (the session lookup now reads the sanctions in force too), and a
// sanction of someone is announced on the auth channel like a change of their user row.

const TAG = '0009_sanctions';
const SECRET = TEST_ENV.JWT_SECRET as string;
const DAY_MS = 86_400_000;

interface Sql {
  query(text: string): Promise<{ rows: Record<string, unknown>[] }>;
}

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

async function counts(db: Sql): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await db.query(`select count(*)::int as n from ${table}`);
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

async function checkUpgraded(db: Sql, orm: Queryable, old: Awaited<ReturnType<typeof fillOld>>, heard: string[]) {
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
      const heard: string[] = [];
      await pglite.listen(AUTH_CHANNEL, (payload) => heard.push(payload));
      const orm = drizzlePglite(pglite, { schema }) as unknown as Queryable;
      await checkUpgraded(pglite, orm, old, heard);
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
      const listener = new pg.Client({ connectionString: scratch.url });
      await listener.connect();
      cleanup.push(() => listener.end());
      const heard: string[] = [];
      listener.on('notification', (m) => heard.push(m.payload ?? ''));
      await listener.query(`LISTEN ${AUTH_CHANNEL}`);
      const orm = drizzlePg(client, { schema }) as unknown as Queryable;
      await checkUpgraded(client, orm, old, heard);
    },
    MIGRATION_TEST_TIMEOUT,
  );
});
