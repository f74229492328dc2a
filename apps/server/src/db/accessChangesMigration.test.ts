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
import { AUTH_CHANNEL } from '../auth/authChanges.js';
import { PGLITE_EXTENSIONS } from './extensions.js';
import { migrationsFolder } from './migrate.js';

// Migration 0008_access_changes upgrades a database made by the migrations before it, in place: the
// enrolment trigger announces every enrolment that ends, and learners lose a verification they kept
// from being mentors.

const TAG = '0008_access_changes';

interface Sql {
  query(text: string): Promise<{ rows: Record<string, unknown>[] }>;
}

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

async function checkUpgraded(db: Sql, old: Awaited<ReturnType<typeof fillOld>>, heard: string[]) {
  const { rows } = await db.query(
    `select id, verified, verification_requested, verification_request_date from users order by role`,
  );
  expect(rows).toEqual([
    { id: old.demoted, verified: false, verification_requested: false, verification_request_date: null },
    expect.objectContaining({ id: old.mentor, verified: true }),
  ]);
  await db.query(`delete from enrollments where user_id = '${old.demoted}'`);
  await expect.poll(() => heard, { timeout: 5_000 }).toContain(`member:${old.demoted}:${old.classId}`);
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
      await checkUpgraded(pglite, old, heard);
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
      await checkUpgraded(client, old, heard);
    },
    MIGRATION_TEST_TIMEOUT,
  );
});
