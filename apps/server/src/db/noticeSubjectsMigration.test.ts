import { expect } from 'vitest';
import { describeUpgrade, type Sql } from '../../test/migrations.js';

// Migration 0022_notice_subjects upgrades a database made by the migrations before it, in place: its
// notifications are kept (naming no file or session, with no detail), and a new notice that names a
// file or a session goes when that file or session is deleted.

const TAG = '0022_notice_subjects';

const one = async (db: Sql, text: string) => String((await db.query(text)).rows[0]?.id);

async function fillOld(db: Sql) {
  const mentor = await one(
    db,
    `insert into users (name, email, username, password_hash, role, verified)
     values ('Mentor Mia', 'mia@example.test', 'mia', 'x', 'mentor', true) returning id`,
  );
  const learner = await one(
    db,
    `insert into users (name, email, username, password_hash, role) values ('Lea', 'lea@example.test', 'lea', 'x', 'learner') returning id`,
  );
  const cls = await one(
    db,
    `insert into classes (mentor_id, title, description, category, content_type, live_room)
     values ('${mentor}', 'Pottery', 'From before', 'design', 'uploadable', 'room-old') returning id`,
  );
  await db.query(
    `insert into notifications (user_id, kind, actor_id, actor_name, class_id, subject_title, context_title, link)
     values ('${learner}', 'session_moved', '${mentor}', 'Mentor Mia', '${cls}', 'Glazing', 'Pottery', '/classes/${cls}')`,
  );
  return { mentor, learner, cls };
}

async function checkUpgraded(db: Sql, old: Awaited<ReturnType<typeof fillOld>>) {
  expect((await db.query('select kind::text, material_id, session_id, detail from notifications')).rows).toEqual([
    { kind: 'session_moved', material_id: null, session_id: null, detail: null },
  ]);
  const material = await one(
    db,
    `insert into class_materials (class_id, name, type, size, sha256, storage_key)
     values ('${old.cls}', 'Glazes.pdf', 'application/pdf', 10, '${'0'.repeat(64)}', 'materials/x') returning id`,
  );
  const session = await one(
    db,
    `insert into class_sessions (class_id, title, starts_at, duration_minutes)
     values ('${old.cls}', 'Firing', now() + interval '1 day', 60) returning id`,
  );
  await db.query(
    `insert into notifications (user_id, kind, class_id, material_id, subject_title, link)
     values ('${old.learner}', 'material_added', '${old.cls}', '${material}', 'Glazes.pdf', '/classes/${old.cls}')`,
  );
  await db.query(
    `insert into notifications (user_id, kind, class_id, session_id, subject_title, link, detail)
     values ('${old.learner}', 'session_moved', '${old.cls}', '${session}', 'Firing', '/classes/${old.cls}',
       '{"durationMinutes": 90}')`,
  );
  await db.query(`delete from class_materials where id = '${material}'`);
  await db.query(`delete from class_sessions where id = '${session}'`);
  expect((await db.query('select count(*)::int as n from notifications')).rows[0]).toEqual({ n: 1 });
}

describeUpgrade(TAG, { fill: fillOld, check: checkUpgraded });
