import { expect } from 'vitest';
import { describeUpgrade, type Sql } from '../../test/migrations.js';

// Migration 0013_search upgrades a database made by the migrations before it, in place: its rows are
// kept, pg_trgm and fuzzystrmatch are there, the trigram indexes cover what was already written, and
// search_typo_match tells a typo from another word.

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

describeUpgrade(TAG, { fill: fillOld, check: checkUpgraded });
