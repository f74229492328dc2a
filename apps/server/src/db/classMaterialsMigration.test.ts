import { expect } from 'vitest';
import { describeUpgrade, type Sql } from '../../test/migrations.js';

// Migration 0017_class_materials upgrades a database made by the migrations before it, in place: its
// classes are kept, a class can hold materials, enrolled learners can be told of one (a new kind of
// notification), and deleting a material's row, or the class it belongs to, queues its file's deletion,
// as replacing an uploaded profile picture or deleting its account does.

const TAG = '0017_class_materials';

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
     values ('${mentor}', 'Pottery', 'From before', 'design', 'uploadable', 'room-old') returning id`,
  );
  return { mentor, cls };
}

async function checkUpgraded(db: Sql, old: Awaited<ReturnType<typeof fillOld>>) {
  expect((await db.query('select count(*)::int as n from classes')).rows[0]).toEqual({ n: 1 });
  const material = async (key: string) =>
    one(
      db,
      `insert into class_materials (class_id, name, type, size, sha256, storage_key)
       values ('${old.cls}', 'Glazes.pdf', 'application/pdf', 10, '${'0'.repeat(64)}', '${key}') returning id`,
    );
  const first = await material('materials/first');
  await material('materials/second');
  await db.query(
    `insert into notifications (user_id, kind, class_id, subject_title, context_title, link)
     values ('${old.mentor}', 'material_added', '${old.cls}', 'Glazes.pdf', 'Pottery', '/classes/${old.cls}')`,
  );
  await db.query(`delete from class_materials where id = '${first}'`);
  await db.query(`delete from classes where id = '${old.cls}'`);
  const { rows } = await db.query(
    `select payload->>'key' as key from jobs where kind = 'file-delete' order by payload->>'key'`,
  );
  expect(rows.map((r) => r.key)).toEqual(['materials/first', 'materials/second']);
  expect((await db.query('select count(*)::int as n from class_materials')).rows[0]).toEqual({ n: 0 });

  // An uploaded picture's file goes when it is replaced and with its account; a link from before does not
  // name a file.
  const picture = (id: string) => `/api/avatars/${id}`;
  const [a, b] = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
  await db.query(`update users set profile_picture = 'https://img.example.test/old.png' where id = '${old.mentor}'`);
  await db.query(`update users set profile_picture = '${picture(a)}' where id = '${old.mentor}'`);
  await db.query(`update users set profile_picture = '${picture(b)}' where id = '${old.mentor}'`);
  await db.query(`delete from users where id = '${old.mentor}'`);
  const { rows: avatars } = await db.query(
    `select payload->>'key' as key from jobs where kind = 'file-delete' and payload->>'key' like 'avatars/%' order by 1`,
  );
  expect(avatars.map((r) => r.key)).toEqual([`avatars/${a}`, `avatars/${b}`]);
}

describeUpgrade(TAG, { fill: fillOld, check: checkUpgraded });
