import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, TEST_ENV, usingPostgres } from '../../test/harness.js';
import { integrityViolations, lostAcknowledgedWrites, type Queryable } from '../../test/integrity.js';
import { type ServerProcess, spawnServer } from '../../test/processes.js';
import { type Answer, TRAFFIC_ADMIN, Traffic } from '../../test/traffic.js';
import { openDatabase } from './client.js';

// A server process killed outright (SIGKILL: no shutdown, no cleanup) in the middle of writes that
// each put several rows in one transaction, then started again on the same data: the embedded
// database in DATA_DIR by default, a scratch PostgreSQL database when DATABASE_URL is set.

const engine = usingPostgres() ? 'PostgreSQL' : 'the embedded database';
const ok = (a: Answer) => a.status >= 200 && a.status < 300;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
}, 60_000);

/** Opens the data as the server does, runs the checks, closes it. */
async function inspect(where: { databaseUrl?: string; dataDir?: string }, check: (db: Queryable) => Promise<void>) {
  const database = await openDatabase(where);
  try {
    const db = (database.pool ?? database.pglite) as Queryable;
    await check(db);
  } finally {
    await database.close();
  }
}

describe(`a server process killed with SIGKILL during writes (${engine})`, () => {
  it('leaves no partial rows, loses no acknowledged write, and starts again on the same data', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mentora-crash-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const scratch = usingPostgres() ? await createScratchPostgres(process.env.DATABASE_URL as string) : undefined;
    if (scratch) cleanups.push(scratch.drop);
    const env = {
      ...TEST_ENV,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? '',
      ADMIN_EMAIL: TRAFFIC_ADMIN.email,
      ADMIN_PASSWORD: TRAFFIC_ADMIN.password,
    };
    const where = scratch ? { databaseUrl: scratch.url } : { dataDir };
    let server: ServerProcess = await spawnServer(env);
    cleanups.push(async () => void (await server.stop()));

    const traffic = await Traffic.seed(server.base);
    traffic.start(8);
    await traffic.until(() => traffic.of().filter(ok).length >= 60, 'writes before the kill');
    const gone = new Promise((resolve) => server.child.once('close', resolve));
    server.child.kill('SIGKILL');
    await gone;
    traffic.phase = 'killed';
    await traffic.stop();
    // Up to the kill everything succeeded; what was in flight got no answer at all.
    expect(traffic.answers.filter((a) => !ok(a) && a.status !== 0)).toEqual([]);

    // The data opens again as it is (the embedded database after a crash, too), whole.
    await inspect(where, async (db) => {
      expect(await integrityViolations(db)).toEqual([]);
      expect(await lostAcknowledgedWrites(db, traffic.ack)).toEqual([]);
    });
    expect(traffic.ack.registered.length).toBeGreaterThan(0);
    expect(traffic.ack.replies.length).toBeGreaterThan(0);

    // A new process on the same data serves reads and writes again.
    server = await spawnServer(env);
    traffic.base = server.base;
    traffic.phase = 'restarted';
    traffic.start(4);
    await traffic.until(() => traffic.of('restarted').filter(ok).length >= 30, 'traffic after the restart');
    await traffic.stop();
    expect(traffic.of('restarted').filter((a) => !ok(a))).toEqual([]);
    expect(await server.stop()).toBe(0);
    await inspect(where, async (db) => {
      expect(await integrityViolations(db)).toEqual([]);
      expect(await lostAcknowledgedWrites(db, traffic.ack)).toEqual([]);
    });
  }, 600_000);
});
