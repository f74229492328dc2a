import { expect } from 'vitest';
import { describeUpgrade, type Sql } from '../../test/migrations.js';

// Migration 0016_search_words upgrades a database made by the migrations before it, in place: the words
// of every title and name already written are in search_words, the triggers add those written later
// (and on a rename), and search_is_typo tells a typo of a word from another word.

const TAG = '0016_search_words';

const one = async (db: Sql, text: string) => String((await db.query(text)).rows[0]?.id);
const words = async (db: Sql) =>
  (await db.query('select word from search_words order by word')).rows.map((r) => String(r.word));

async function fillOld(db: Sql) {
  const mentor = await one(
    db,
    `insert into users (name, email, username, password_hash, role, verified)
     values ('Mentor Mia Alvarez', 'mia@example.test', 'mia', 'x', 'mentor', true) returning id`,
  );
  const cls = await one(
    db,
    `insert into classes (mentor_id, title, description, category, content_type, live_room)
     values ('${mentor}', 'Python for data work', 'Pandas notebooks', 'programming', 'video', 'room-old') returning id`,
  );
  await db.query(
    `insert into discussions (class_id, author_id, title, content) values ('${cls}', '${mentor}', 'Homework: Lists', 'Due soon')`,
  );
  await db.query(
    `insert into community_posts (author_id, title, content, category)
     values ('${mentor}', 'Kubernetes 101 tips', 'Start small', 'general')`,
  );
  return { mentor, cls };
}

async function checkUpgraded(db: Sql, old: Awaited<ReturnType<typeof fillOld>>) {
  // Words, lower case, of titles and names only (not descriptions or bodies); every length since
  // migration 0021 (a prefix is looked up there too).
  expect(await words(db)).toEqual([
    '101',
    'alvarez',
    'data',
    'for',
    'homework',
    'kubernetes',
    'lists',
    'mentor',
    'mia',
    'python',
    'tips',
    'work',
  ]);

  await db.query(
    `insert into classes (mentor_id, title, description, category, content_type, live_room)
     values ('${old.mentor}', 'Haskell basics', 'Types', 'programming', 'video', 'room-new')`,
  );
  await db.query(`update classes set title = 'Python for scientists' where id = '${old.cls}'`);
  await db.query(`update users set name = 'Mentor Mia Bjorkman' where id = '${old.mentor}'`);
  const now = await words(db);
  for (const word of ['haskell', 'basics', 'scientists', 'bjorkman']) expect(now).toContain(word);
  // Kept after the rename: a word no title holds any more only finds nothing.
  expect(now).toContain('data');

  const { rows } = await db.query(
    `select search_is_typo('pyhton', 'python') as swapped, search_is_typo('pythn', 'python') as missing,
       search_is_typo('pythonn', 'python') as extra, search_is_typo('pyhton', 'pylon') as other,
       search_is_typo('javas', 'lava') as lava, search_is_typo('kubernets', 'kubernetes') as long`,
  );
  expect(rows[0]).toEqual({ swapped: true, missing: true, extra: true, other: false, lava: false, long: true });
  const { rows: gone } = await db.query(`select count(*)::int as n from pg_proc where proname = 'search_typo_match'`);
  expect(gone[0]).toEqual({ n: 0 });
}

describeUpgrade(TAG, { fill: fillOld, check: checkUpgraded });
