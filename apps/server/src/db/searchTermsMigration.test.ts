import { expect } from 'vitest';
import { describeUpgrade, type Sql } from '../../test/migrations.js';

// Migration 0021_search_terms upgrades a database made by the migrations before it, in place: the words
// of every title and tag already written are in search_terms with their weight (and, short ones too, in
// search_words); the triggers follow inserts, renames, retags and deletes; tags are found by the
// start of a word through their own trigram index.

const TAG = '0021_search_terms';

const one = async (db: Sql, text: string) => String((await db.query(text)).rows[0]?.id);
const terms = async (db: Sql, id: string) =>
  (await db.query(`select word, weight from search_terms where item_id = '${id}' order by word`)).rows.map(
    (r) => `${r.word}:${r.weight}`,
  );

async function fillOld(db: Sql) {
  const mentor = await one(
    db,
    `insert into users (name, email, username, password_hash, role, verified)
     values ('Mentor Mia Alvarez', 'mia@example.test', 'mia', 'x', 'mentor', true) returning id`,
  );
  const cls = await one(
    db,
    `insert into classes (mentor_id, title, description, category, content_type, live_room, tags)
     values ('${mentor}', 'Go for data work', 'Pandas notebooks', 'programming', 'video', 'room-old', '{javascript,web}')
     returning id`,
  );
  const single = await one(
    db,
    `insert into classes (mentor_id, title, description, category, content_type, live_room)
     values ('${mentor}', 'Haskell', 'Types', 'programming', 'video', 'room-two') returning id`,
  );
  const discussion = await one(
    db,
    `insert into discussions (class_id, author_id, title, content)
     values ('${cls}', '${mentor}', 'Homework: Lists', 'Due soon') returning id`,
  );
  const post = await one(
    db,
    `insert into community_posts (author_id, title, content, category, tags)
     values ('${mentor}', 'Kubernetes 101 tips', 'Start small', 'general', '{devops}') returning id`,
  );
  return { mentor, cls, single, discussion, post };
}

async function checkUpgraded(db: Sql, old: Awaited<ReturnType<typeof fillOld>>) {
  // Written before: title words (the first weighs 3, a one-word title 4, the others 2) and tags (1).
  expect(await terms(db, old.cls)).toEqual(['data:2', 'for:2', 'go:3', 'javascript:1', 'web:1', 'work:2']);
  expect(await terms(db, old.single)).toEqual(['haskell:4']);
  expect(await terms(db, old.discussion)).toEqual(['homework:3', 'lists:2']);
  expect(await terms(db, old.post)).toEqual(['101:2', 'devops:1', 'kubernetes:3', 'tips:2']);
  const { rows: kinds } = await db.query(
    `select kind, count(*)::int as n from search_terms group by kind order by kind`,
  );
  expect(kinds).toEqual([
    { kind: 'class', n: 7 },
    { kind: 'discussion', n: 2 },
    { kind: 'post', n: 4 },
  ]);
  const { rows: words } = await db.query(`select word from search_words where word in ('go', 'javascript', '101')`);
  expect(words.map((r) => r.word).sort()).toEqual(['101', 'go', 'javascript']);

  // Written after: inserts, renames, retags and deletes are followed.
  const added = await one(
    db,
    `insert into community_posts (author_id, title, content, category, tags)
     values ('${old.mentor}', 'Rust', 'Borrowing', 'general', '{systems}') returning id`,
  );
  expect(await terms(db, added)).toEqual(['rust:4', 'systems:1']);
  await db.query(`update classes set title = 'Python', tags = '{scripting}' where id = '${old.cls}'`);
  expect(await terms(db, old.cls)).toEqual(['python:4', 'scripting:1']);
  await db.query(`update discussions set title = 'Exam' where id = '${old.discussion}'`);
  expect(await terms(db, old.discussion)).toEqual(['exam:4']);
  await db.query(`delete from community_posts where id = '${old.post}'`);
  expect(await terms(db, old.post)).toEqual([]);
  // A row's other columns change without touching its terms.
  await db.query(`update classes set description = 'Other' where id = '${old.single}'`);
  expect(await terms(db, old.single)).toEqual(['haskell:4']);

  // Tags by the start of a word, through their trigram index's expression.
  const { rows: tagged } = await db.query(
    `select title from classes where search_tags_text(tags) ~* '\\mscript' order by title`,
  );
  expect(tagged).toEqual([{ title: 'Python' }]);
  const { rows: triggers } = await db.query(
    `select tgname from pg_trigger where tgname like '%search_words' order by tgname`,
  );
  expect(triggers).toEqual([{ tgname: 'users_search_words' }]);
}

describeUpgrade(TAG, { fill: fillOld, check: checkUpgraded });
