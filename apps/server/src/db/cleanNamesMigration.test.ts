import { expect } from 'vitest';
import { describeUpgrade, type Sql } from '../../test/migrations.js';

// Migration 0019_clean_names upgrades a database made by the migrations before it, in place: the names
// and titles people see that were written before issue #35's rule lose their bidirectional controls and
// zero-width characters, their line breaks become spaces, a file's name keeps its last path segment, and
// a name left empty gets a neutral one. Clean rows are left as they were.

const TAG = '0019_clean_names';

/** PGlite and pg both take parameters: the names below hold characters a SQL literal would hide. */
type Params = Sql & { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
const one = async (db: Sql, text: string, params: unknown[] = []) =>
  String((await (db as Params).query(text, params)).rows[0]?.id);

async function fillOld(db: Sql) {
  const q = db as Params;
  const person = (name: string, username: string) =>
    one(
      db,
      `insert into users (name, email, username, password_hash, role, verified)
       values ($1, $2, $3, 'x', 'mentor', true) returning id`,
      [name, `${username}@example.test`, username],
    );
  const mentor = await person('Ad\u200Ba\nLovelace\u202E', 'ada');
  const invisible = await person('\u200B\u2066\u2069', 'ghost');
  const clean = await person('Grace Hopper', 'grace');
  const cls = await one(
    db,
    `insert into classes (mentor_id, title, description, category, content_type, live_room)
     values ($1, $2, 'x', 'programming', 'video', 'room-old') returning id`,
    [mentor, 'Intro\u2028to\uFEFF TS'],
  );
  await q.query(
    `insert into class_sessions (class_id, title, starts_at, duration_minutes) values ($1, $2, now() + interval '1 day', 60)`,
    [cls, 'Q\u200F&A\r\n'],
  );
  const material = (name: string, key: string) =>
    one(
      db,
      `insert into class_materials (class_id, name, type, size, sha256, storage_key)
       values ($1, $2, 'text/plain', 1, 'x', $3) returning id`,
      [cls, name, key],
    );
  const spoofed = await material('inv\u202Eexe.txt', 'materials/a');
  const pathed = await material('..\\..\\x.bat', 'materials/b');
  const emptied = await material('dir/\u200B', 'materials/c');
  await q.query(`insert into discussions (class_id, author_id, title, content) values ($1, $2, $3, 'x')`, [
    cls,
    mentor,
    'Home\u200Dwork\t1',
  ]);
  await q.query(`insert into community_posts (author_id, title, content, category) values ($1, $2, 'x', 'general')`, [
    mentor,
    '\u2067Tips\u2069',
  ]);
  return { mentor, invisible, clean, cls, spoofed, pathed, emptied };
}

async function checkUpgraded(db: Sql, old: Awaited<ReturnType<typeof fillOld>>) {
  const value = async (text: string) => (await db.query(text)).rows[0]?.v;
  expect(await value(`select name as v from users where id = '${old.mentor}'`)).toBe('Ada Lovelace');
  expect(await value(`select name as v from users where id = '${old.invisible}'`)).toBe('ghost');
  expect(await value(`select name as v from users where id = '${old.clean}'`)).toBe('Grace Hopper');
  expect(await value(`select title as v from classes where id = '${old.cls}'`)).toBe('Intro to TS');
  expect(await value(`select title as v from class_sessions where class_id = '${old.cls}'`)).toBe('Q&A');
  expect(await value(`select name as v from class_materials where id = '${old.spoofed}'`)).toBe('invexe.txt');
  expect(await value(`select name as v from class_materials where id = '${old.pathed}'`)).toBe('x.bat');
  expect(await value(`select name as v from class_materials where id = '${old.emptied}'`)).toBe('file');
  expect(await value(`select title as v from discussions where class_id = '${old.cls}'`)).toBe('Homework 1');
  expect(await value(`select title as v from community_posts where author_id = '${old.mentor}'`)).toBe('Tips');
}

describeUpgrade(TAG, { fill: fillOld, check: checkUpgraded });
