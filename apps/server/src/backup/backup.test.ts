import { randomBytes, randomUUID } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
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
import { type Config, loadConfig } from '../config.js';
import type { Queryable } from '../db/client.js';
import { openDatabase } from '../db/client.js';
import { classMaterials, passwordResets, users } from '../db/schema.js';
import { FsStore } from '../storage/fsStore.js';
import { schemaTables } from './contents.js';
import { BackupError } from './errors.js';
import { backupKindOf } from './files.js';
import { backupPglite, restorePglite } from './pglite.js';
import { backupPostgres, restorePostgres } from './postgres.js';
import { backupAll, restoreAll } from './run.js';

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
      .send(classRequest({ tags: 'backup, ümlaut', contentType: 'live', contentUrl: '' })),
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

/** Uploads a few files through the context's store, as a service would: key -> bytes. */
/** Files of each kind put in the store, and the seed's own (its class material): every file it holds. */
async function storeFiles(ctx: Pick<TestServer['ctx'], 'db' | 'files'>): Promise<Map<string, Buffer>> {
  const { files } = ctx;
  const stored = new Map<string, Buffer>([
    [`materials/${randomUUID()}`, randomBytes(1024 * 1024 + 17)],
    [`materials/${randomUUID()}`, Buffer.from('%PDF-1.7 a small one')],
    [`avatars/${randomUUID()}`, Buffer.alloc(0)],
  ]);
  for (const [key, bytes] of stored) await files.put(key, Readable.from([bytes]), 'application/octet-stream');
  for (const { storageKey } of await ctx.db.select().from(classMaterials)) {
    const body = await files.get(storageKey);
    stored.set(storageKey, Buffer.concat(await (body as Readable).toArray()));
  }
  return stored;
}

async function expectFiles(dir: string, stored: Map<string, Buffer>): Promise<void> {
  const store = new FsStore(dir);
  for (const [key, bytes] of stored) {
    const body = await store.get(key);
    expect(body, key).not.toBeNull();
    expect(Buffer.concat(await (body as Readable).toArray()).equals(bytes), key).toBe(true);
  }
  const names = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  expect(names).toHaveLength(stored.size);
}

const configOf = (env: Record<string, string>): Config => loadConfig({ JWT_SECRET: 'x'.repeat(32), ...env });

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
  let stored: Map<string, Buffer>;

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
      stored = await storeFiles(t.ctx);
      before = await snapshot(t.ctx.db);
    } finally {
      await t.close();
    }
    // An upload still being written when the backup runs: not a file yet, so not backed up.
    writeFileSync(path.join(source, 'files', 'materials', '.half-written.partial'), 'half');
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

  it('takes the uploaded files in DATA_DIR/files along (STORAGE=fs) and puts them back, keeping what they replace', async () => {
    const withFiles = path.join(files, 'with-files.tar.gz');
    const archive = path.join(files, 'with-files.files.tar.gz');
    const lines = await backupAll(configOf({ DATA_DIR: source }), withFiles);
    expect(lines.join('\n')).toContain(`to ${archive}\n(${stored.size} files, `);
    expect(existsSync(archive)).toBe(true);
    await expect(backupAll(configOf({ DATA_DIR: source }), withFiles)).rejects.toThrow(/already exists.*--force/);

    const restoredDir = scratchDir('restored');
    try {
      // The new DATA_DIR's database is empty, but its folder holds a file: kept aside, not deleted.
      mkdirSync(path.join(restoredDir, 'files', 'materials'), { recursive: true });
      writeFileSync(path.join(restoredDir, 'files', 'materials', 'older'), 'older');
      const restoredLines = await restoreAll(configOf({ DATA_DIR: restoredDir }), withFiles);
      expect(restoredLines.join('\n')).toMatch(
        new RegExp(`Restored the uploaded files .*\n\\(${stored.size} files, .*\nThe files they replaced are kept in`),
      );
      expect(await snapshotOf(restoredDir)).toEqual(before);
      await expectFiles(path.join(restoredDir, 'files'), stored);
      const aside = readdirSync(restoredDir).find((name) => name.startsWith('files.before-restore-'));
      expect(readFileSync(path.join(restoredDir, aside ?? 'missing', 'materials', 'older'), 'utf8')).toBe('older');
      expect(readdirSync(restoredDir).filter((name) => name.includes('restoring'))).toEqual([]);
    } finally {
      rmSync(restoredDir, { recursive: true, force: true });
    }

    await expect(restoreAll(configOf({ DATA_DIR: path.join(files, 'unused') }), archive)).rejects.toThrow(
      /holds the uploaded files of a backup: restore the database backup beside it/,
    );
    // A damaged files archive stops the restore before the database is touched.
    const damaged = path.join(files, 'damaged.tar.gz');
    copyFileSync(withFiles, damaged);
    writeFileSync(path.join(files, 'damaged.files.tar.gz'), Buffer.from([0x1f, 0x8b, 1, 2, 3]));
    const untouched = mkdtempSync(path.join(files, 'untouched-'));
    await expect(restoreAll(configOf({ DATA_DIR: untouched }), damaged)).rejects.toThrow(/cannot be unpacked/);
    expect(readdirSync(untouched)).toEqual([]);
  });

  it('with STORAGE=s3, says the bucket is not in the backup and how to copy it', async () => {
    const s3 = { DATA_DIR: source, STORAGE: 's3', S3_BUCKET: 'mentora-files', S3_ENDPOINT: 'http://127.0.0.1:9000' };
    const lines = await backupAll(configOf(s3), path.join(files, 's3.tar.gz'));
    expect(lines.at(-1)).toBe(
      "Uploaded files are in the S3 bucket mentora-files, which this backup does not include: copy it with your provider's tools (e.g. aws s3 sync s3://mentora-files <folder> --endpoint-url http://127.0.0.1:9000) or turn on its versioning",
    );
    expect(existsSync(path.join(files, 's3.files.tar.gz'))).toBe(false);
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

  it('takes the uploaded files (STORAGE=fs) along with pg_dump, and puts them back', async () => {
    const stored = await storeFiles(t.ctx);
    const before = await snapshot(t.ctx.db);
    const file = path.join(files, 'with-files.sql');
    const lines = await backupAll(t.ctx.config, file);
    expect(lines.join('\n')).toContain(`with-files.files.tar.gz\n(${stored.size} files, `);
    const dataDir = mkdtempSync(path.join(files, 'restored-'));
    const target: Config = {
      ...t.ctx.config,
      databaseUrl: fresh.url,
      storage: { kind: 'fs', dir: path.join(dataDir, 'files') },
    };
    await restoreAll(target, file, true);
    expect(await snapshotOf(fresh.url)).toEqual(before);
    await expectFiles(path.join(dataDir, 'files'), stored);
  });
});
