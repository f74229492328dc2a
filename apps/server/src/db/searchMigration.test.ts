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

// Migration 0013_search upgrades a database made by the migrations before it, in place: its rows are
// kept, pg_trgm and fuzzystrmatch are there, the trigram indexes cover what was already written, and
// search_typo_match tells a typo from another word.

const TAG = '0013_search';

interface Sql {
  query(text: string): Promise<{ rows: Record<string, unknown>[] }>;
}

const one = async (db: Sql, text: string) => String((await db.query(text)).rows[0]?.id);

async function fillOld(db: Sql) {
  const mentor = await one(
    db,
    `insert into users (name, email, username, password_hash, role, verified)
     values ('Mentor Mia', 'mia@example.test', 'mia', 'x', 'mentor', true) returning id`,
  );
  const cls = await one(
    db,
    `insert into classes (mentor_id, title, description, category, content_type, live_room)
     values ('${mentor}', 'Python for data work', 'From before', 'programming', 'video', 'room-old') returning id`,
  );
  return { mentor, cls };
}

async function checkUpgraded(db: Sql, old: Awaited<ReturnType<typeof fillOld>>) {
  const { rows: extensions } = await db.query(
    `select extname from pg_extension where extname in ('pg_trgm', 'fuzzystrmatch') order by extname`,
  );
  expect(extensions.map((r) => r.extname)).toEqual(['fuzzystrmatch', 'pg_trgm']);
  const { rows: indexes } = await db.query(
    `select indexname from pg_indexes where indexname like '%_trgm_idx' order by indexname`,
  );
  expect(indexes.map((r) => r.indexname)).toEqual([
    'classes_description_trgm_idx',
    'classes_title_trgm_idx',
    'community_posts_content_trgm_idx',
    'community_posts_title_trgm_idx',
    'discussions_content_trgm_idx',
    'discussions_title_trgm_idx',
    'users_email_trgm_idx',
    'users_name_trgm_idx',
  ]);
  // The old row is found by a prefix and by a typo.
  const { rows: found } = await db.query(
    `select id from classes where title ilike '%pyth%' and search_typo_match('pyhton', title)`,
  );
  expect(found.map((r) => r.id)).toEqual([old.cls]);
  const { rows: typos } = await db.query(
    `select search_typo_match('pyhton', 'Learn Python') as swapped, search_typo_match('pythn', 'Python') as missing,
       search_typo_match('pyhton', 'pylon bridges') as other, search_typo_match('javas', 'lava flows') as lava`,
  );
  expect(typos[0]).toEqual({ swapped: true, missing: true, other: false, lava: false });
  expect((await db.query('select count(*)::int as n from users')).rows[0]).toEqual({ n: 1 });
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
