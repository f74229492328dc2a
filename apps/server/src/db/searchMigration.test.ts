import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { describeUpgrade, type Sql, type Upgraded } from '../../test/migrations.js';
import { classes } from './schema.js';
import { matchesSearch, SEARCH_SETTINGS, SEARCHED } from './search.js';

// Migration 0013_search upgrades a database made by the migrations before it, in place: its rows are
// kept, pg_trgm and fuzzystrmatch are there, the trigram indexes cover what was already written, and
// the search (db/search.ts, as it is now) finds the old rows by a prefix and by a typo.

const TAG = '0013_search';

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

async function checkUpgraded(db: Sql, old: Awaited<ReturnType<typeof fillOld>>, { orm }: Upgraded) {
  const { rows: extensions } = await db.query(
    `select extname from pg_extension where extname in ('pg_trgm', 'fuzzystrmatch') order by extname`,
  );
  expect(extensions.map((r) => r.extname)).toEqual(['fuzzystrmatch', 'pg_trgm']);
  const { rows: indexes } = await db.query(
    `select indexname from pg_indexes where indexname like '%_trgm_idx'
       and tablename in ('classes', 'community_posts', 'discussions', 'users') order by indexname`,
  );
  expect(indexes.map((r) => r.indexname)).toEqual([
    'classes_description_trgm_idx',
    'classes_tags_trgm_idx',
    'classes_title_trgm_idx',
    'community_posts_content_trgm_idx',
    'community_posts_tags_trgm_idx',
    'community_posts_title_trgm_idx',
    'discussions_content_trgm_idx',
    'discussions_title_trgm_idx',
    'users_email_trgm_idx',
    'users_name_trgm_idx',
  ]);
  // The old row is found by a prefix and by a typo, and another word is not taken for a typo of it.
  for (const [name, value] of Object.entries(SEARCH_SETTINGS)) {
    await db.query(`select set_config('${name}', '${value}', false)`);
  }
  const found = async (q: string) =>
    (await orm.select({ id: classes.id }).from(classes).where(matchesSearch(SEARCHED.classes, q))).map((r) => r.id);
  expect(await found('pyth')).toEqual([old.cls]);
  expect(await found('pyhton')).toEqual([old.cls]);
  expect(await found('pylon')).toEqual([]);
  expect((await orm.execute(sql`select count(*)::int as n from ${classes}`)).rows[0]).toEqual({ n: 1 });
  expect((await db.query('select count(*)::int as n from users')).rows[0]).toEqual({ n: 1 });
}

describeUpgrade(TAG, { fill: fillOld, check: checkUpgraded });
