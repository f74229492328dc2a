import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classRequest,
  makeAdmin,
  makeLearner,
  makeMaterial,
  makePost,
  makeVerifiedMentor,
} from '../../test/factories/index.js';
import { createScratchPostgres, startTestServer, type TestServer, usingPostgres } from '../../test/harness.js';
import type { Queryable } from '../db/client.js';
import { openDatabase } from '../db/client.js';
import { passwordResets, users } from '../db/schema.js';
import { schemaTables } from './contents.js';
import { BackupError } from './errors.js';
import { backupKindOf } from './files.js';
import { backupPglite, restorePglite } from './pglite.js';
import { backupPostgres, restorePostgres } from './postgres.js';

// Round trips: data written through the app, backed up, restored into a fresh database, and every
// table of the schema compared row by row (ordered by primary key), with the live event sequence.

const scratchDir = (name: string) => mkdtempSync(path.join(os.tmpdir(), `mentora-backup-${name}-`));

/** Writes at least one row into every table, through the API where there is a route for it. */
async function seedEverything(t: TestServer): Promise<void> {
  const admin = await makeAdmin(t, { name: 'Backup Admin' });
  const mentor = await makeVerifiedMentor(t, { name: 'Backup Mentor' });
  const learner = await makeLearner(t, { name: 'Backup Learner' });
  const ok = (res: { status: number; body: unknown }, status = 200) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body as { _id: string };
  };
  const cls = ok(
    await t.http
      .post('/api/classes')
      .set(mentor.auth)
      .send(classRequest({ tags: 'backup, ümlaut' })),
    201,
  );
  ok(await t.http.post(`/api/classes/${cls._id}/enroll`).set(learner.auth));
  // The learner's calendar feed (calendar_feeds), and a scheduled session with its reminder in the job queue (jobs).
  ok(await t.http.get('/api/calendar/feed').set(learner.auth));
  // Their notification choices (notification_preferences) and digest zone (mail_settings).
  ok(
    await t.http
      .put('/api/notifications/preferences')
      .set(learner.auth)
      .send({ preferences: [{ topic: 'likes', inApp: false }], timeZone: 'Europe/Paris' }),
  );
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
  ok(
    await t.http
      .post(`/api/classes/${cls._id}/sessions`)
      .set(mentor.auth)
      .send({ title: 'First meeting', startsAt: tomorrow, durationMinutes: 60 }),
    201,
  );
  // A class material (class_materials), its file in the store.
  await makeMaterial(t, mentor, { id: cls._id }, { name: 'Backup handout.pdf' });
  ok(
    await t.http.post('/api/reviews').set(learner.auth).send({ classId: cls._id, rating: 4, comment: 'Solid “class”' }),
    201,
  );
  const discussion = ok(
    await t.http
      .post('/api/discussions')
      .set(learner.auth)
      .send({ classId: cls._id, title: 'Backups?', content: "Line one\nLine two, with 'quotes' and \\ backslash" }),
    201,
  );
  ok(await t.http.post(`/api/discussions/${discussion._id}/replies`).set(mentor.auth).send({ content: 'Yes.' }), 201);
  const post = await makePost(t, learner, { title: 'Hello', content: 'A post 🎉', tags: ['a', 'b'] });
  ok(await t.http.post(`/api/community/${post._id}/like`).set(mentor.auth));
  ok(await t.http.post(`/api/community/${post._id}/replies`).set(mentor.auth).send({ content: 'Hi!' }), 201);
  ok(await t.http.post('/api/gemini/chat').set(learner.auth).send({ message: 'How do I enrol?' }));
  // A report opens a queue entry; a warning is a sanction (issue #24).
  ok(
    await t.http.post('/api/reports').set(mentor.auth).send({ targetType: 'post', targetId: post._id, reason: 'spam' }),
    201,
  );
  ok(
    await t.http
      .post(`/api/users/${learner.user.id}/sanctions`)
      .set(admin.auth)
      .send({ kind: 'warn', reason: 'Please stay on topic' }),
    201,
  );
  const doomed = await makePost(t, learner, { title: 'Spam' });
  ok(await t.http.delete(`/api/community/${doomed._id}`).set(admin.auth));
  ok(await t.http.post('/api/auth/forgot-password').send({ email: learner.user.email }));
  // The reset link is made after the answer (so its timing tells nothing): wait for it.
  for (let i = 0; i < 200; i++) {
    const rows = await t.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, learner.user.id));
    if (rows.length > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Snapshot = Record<string, unknown[]>;

/** Every table of the schema, ordered by primary key, the live event sequence and the applied migrations. */
async function snapshot(db: Queryable): Promise<Snapshot> {
  const result: Snapshot = {};
  for (const { name, primaryKey } of schemaTables()) {
    const order = sql.join(
      primaryKey.map((column) => sql.identifier(column)),
      sql`, `,
    );
    result[name] = (await db.execute(sql`select * from ${sql.identifier(name)} order by ${order}`)).rows;
  }
  result.live_event_seq = (await db.execute(sql`select last_value, is_called from live_event_seq`)).rows;
  result.migrations = (
    await db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations order by id`)
  ).rows;
  return result;
}

function expectEveryTableFilled(before: Snapshot): void {
  const empty = schemaTables()
    .map((table) => table.name)
    .filter((name) => (before[name] ?? []).length === 0);
  expect(empty, 'tables the seed left empty').toEqual([]);
}

// Each test copies, packs and reopens whole PGlite databases: slow on a busy machine.
describe('the embedded database (PGlite)', { timeout: 120_000 }, () => {
  const source = scratchDir('source');
  const target = scratchDir('target');
  const files = scratchDir('files');
  let before: Snapshot;
  let file: string;

  const snapshotOf = async (dataDir: string) => {
    const database = await openDatabase({ dataDir });
    try {
      return await snapshot(database.db);
    } finally {
      await database.close();
    }
  };

  beforeAll(async () => {
    const t = await startTestServer({ pgliteDataDir: source });
    try {
      await seedEverything(t);
      before = await snapshot(t.ctx.db);
    } finally {
      await t.close();
    }
    file = path.join(files, 'embedded.tar.gz');
  });
  afterAll(() => {
    for (const dir of [source, target, files]) rmSync(dir, { recursive: true, force: true });
  });

  it('backs up, restores into a fresh DATA_DIR, and every table comes back identical', async () => {
    expectEveryTableFilled(before);
    const backup = await backupPglite(source, file);
    expect(backup.counts.get('users')).toBe((before.users ?? []).length);
    expect(backupKindOf(file)).toBe('pglite');
    const restored = await restorePglite(target, file);
    expect(restored.keptAs).toBeUndefined();
    expect(await snapshotOf(target)).toEqual(before);
    // The source was only read.
    expect(await snapshotOf(source)).toEqual(before);
  });

  it('will not replace a database that holds data without --force; with it, keeps the old one aside', async () => {
    const database = await openDatabase({ dataDir: target });
    await database.db
      .insert(users)
      .values({ name: 'Only here', email: 'only@here.test', username: 'onlyhere', passwordHash: 'x' });
    await database.close();
    await expect(restorePglite(target, file)).rejects.toThrow(/holds data .*pass --force/);
    expect((await snapshotOf(target)).users).toHaveLength((before.users ?? []).length + 1);

    const restored = await restorePglite(target, file, true);
    expect(await snapshotOf(target)).toEqual(before);
    expect(restored.keptAs).toMatch(/pgdata\.before-restore-/);
    expect(readdirSync(target)).toContain(path.basename(restored.keptAs ?? ''));
  });

  it('refuses while a server runs on that DATA_DIR, to overwrite a backup file, and files that are not backups', async () => {
    // A live process other than this one (the test runner that started us) stands in for the server.
    writeFileSync(path.join(source, 'server.pid'), `${process.ppid}\n`);
    try {
      await expect(backupPglite(source, path.join(files, 'other.tar.gz'))).rejects.toThrow(/stop it first/);
      await expect(restorePglite(source, file, true)).rejects.toThrow(/stop it first/);
    } finally {
      rmSync(path.join(source, 'server.pid'));
    }
    // A mark left by a process that is gone (a crash) does not block.
    writeFileSync(path.join(source, 'server.pid'), '999999999\n');
    await expect(backupPglite(source, file)).rejects.toThrow(/already exists.*--force/);
    rmSync(path.join(source, 'server.pid'));

    const junk = path.join(files, 'junk.sql');
    writeFileSync(junk, 'hello');
    expect(() => backupKindOf(junk)).toThrow(BackupError);
    const fakeTar = path.join(files, 'fake.tar.gz');
    writeFileSync(fakeTar, Buffer.from([0x1f, 0x8b, 0, 1, 2, 3]));
    await expect(restorePglite(scratchDir('untouched'), fakeTar)).rejects.toThrow(/cannot be loaded/);
  });
});

describe.skipIf(!usingPostgres())('PostgreSQL', () => {
  let t: TestServer;
  let fresh: { url: string; drop(): Promise<void> };
  const files = scratchDir('pg-files');
  beforeAll(async () => {
    t = await startTestServer();
    fresh = await createScratchPostgres(process.env.DATABASE_URL as string);
  });
  afterAll(async () => {
    await t.close();
    await fresh.drop();
    rmSync(files, { recursive: true, force: true });
  });

  const snapshotOf = async (url: string) => {
    const database = await openDatabase({ databaseUrl: url, poolMax: 1 });
    try {
      return await snapshot(database.db);
    } finally {
      await database.close();
    }
  };

  it('backs up with pg_dump, restores with psql into a fresh database, and every table comes back identical', async () => {
    await seedEverything(t);
    const before = await snapshot(t.ctx.db);
    expectEveryTableFilled(before);
    const file = path.join(files, 'postgres.sql');
    await backupPostgres(t.ctx.config.databaseUrl as string, file);
    expect(backupKindOf(file)).toBe('postgres');

    await restorePostgres(fresh.url, file);
    expect(await snapshotOf(fresh.url)).toEqual(before);

    // Now it holds data: refused without --force, replaced with it.
    await expect(restorePostgres(fresh.url, file)).rejects.toThrow(/holds data .*pass --force/);
    await restorePostgres(fresh.url, file, true);
    expect(await snapshotOf(fresh.url)).toEqual(before);
  });
});
