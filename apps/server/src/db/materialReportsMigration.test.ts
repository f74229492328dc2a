import { expect } from 'vitest';
import { describeUpgrade, type Sql } from '../../test/migrations.js';

// Migration 0018_material_reports upgrades a database made by the migrations before it, in place: the
// files already uploaded stay visible (hidden false), the queue's entries are kept, and a material can
// now be queued (hidden pending review), while an unknown kind is still refused.

const TAG = '0018_material_reports';

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
  const material = await one(
    db,
    `insert into class_materials (class_id, name, type, size, sha256, storage_key)
     values ('${cls}', 'Glazes.pdf', 'application/pdf', 10, '${'0'.repeat(64)}', 'materials/old') returning id`,
  );
  const entry = await one(
    db,
    `insert into moderation_entries (target_type, target_id, author_id)
     values ('user', '${mentor}', '${mentor}') returning id`,
  );
  return { mentor, material, entry };
}

async function checkUpgraded(db: Sql, old: Awaited<ReturnType<typeof fillOld>>) {
  expect((await db.query(`select name, hidden from class_materials where id = '${old.material}'`)).rows).toEqual([
    { name: 'Glazes.pdf', hidden: false },
  ]);
  expect((await db.query(`select target_type, status from moderation_entries where id = '${old.entry}'`)).rows).toEqual(
    [{ target_type: 'user', status: 'open' }],
  );
  await db.query(
    `insert into moderation_entries (target_type, target_id, author_id)
     values ('material', '${old.material}', '${old.mentor}')`,
  );
  await db.query(`update class_materials set hidden = true where id = '${old.material}'`);
  expect((await db.query(`select hidden from class_materials where id = '${old.material}'`)).rows).toEqual([
    { hidden: true },
  ]);
  await expect(
    db.query(
      `insert into moderation_entries (target_type, target_id, author_id)
       values ('poem', '${old.material}', '${old.mentor}')`,
    ),
  ).rejects.toThrow();
}

describeUpgrade(TAG, { fill: fillOld, check: checkUpgraded });
