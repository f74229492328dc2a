import type { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrivatePostgres, requirePostgresBinariesOrSkip } from '../../test/privatePostgres.js';
import { isDatabaseUnavailable } from '../http/errors.js';
import { openDatabase } from './client.js';

// The PostgreSQL pool when connections die under it (a database restarted, a backend killed): the
// process stays up, no connection is held for ever, and the pool can still be closed. On a cluster of
// the test's own, so killing backends touches nobody else.

const available = requirePostgresBinariesOrSkip('PostgreSQL pool tests');

describe.skipIf(!available)('the PostgreSQL pool when a connection dies', () => {
  let cluster: PrivatePostgres;
  beforeAll(async () => {
    cluster = await PrivatePostgres.create();
  }, 120_000);
  afterAll(() => cluster?.destroy(), 60_000);

  it('hands back a client that died before its transaction began, so none is held and close() ends', async () => {
    const database = await openDatabase({ databaseUrl: cluster.url, poolMax: 1 });
    const pool = database.pool as pg.Pool;
    try {
      let client: pg.Client | undefined;
      pool.once('connect', (c) => {
        client = c;
      });
      const [row] = (await database.db.execute(sql`select pg_backend_pid() as pid`)).rows as { pid: number }[];
      // The pool's one connection, idle now, is cut by its server (a restart, an administrator) while
      // this process has not read the news yet: its socket is held paused until the transaction asks.
      const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
      socket.pause();
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [row?.pid]);
      await expect
        .poll(async () => (await admin.query('select 1 from pg_stat_activity where pid = $1', [row?.pid])).rowCount)
        .toBe(0);
      await admin.end();
      // So the pool hands the dead connection to the transaction, whose BEGIN fails on it.
      const transaction = database.db.transaction(async (tx) => tx.execute(sql`select 1`));
      socket.resume();
      const failed = await transaction.catch((e: unknown) => e);
      expect(isDatabaseUnavailable(failed)).toBe(true);
      await expect.poll(() => pool.totalCount - pool.idleCount).toBe(0);
      // The one connection the pool may have is free again: the next transaction gets a new one.
      const again = await database.db.transaction(async (tx) => tx.execute(sql`select 2 as two`));
      expect(again.rows).toEqual([{ two: 2 }]);
    } finally {
      const closed = await Promise.race([
        database.close().then(() => 'closed'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting for a client'), 10_000)),
      ]);
      expect(closed).toBe('closed');
    }
  }, 60_000);

  it('survives a connection dying in the middle of a transaction, and answers from a new one', async () => {
    const database = await openDatabase({ databaseUrl: cluster.url, poolMax: 1 });
    try {
      const failed = await database.db
        .transaction(async (tx) => {
          const [row] = (await tx.execute(sql`select pg_backend_pid() as pid`)).rows as { pid: number }[];
          const admin = new pg.Client({ connectionString: cluster.url });
          await admin.connect();
          await admin.query('select pg_terminate_backend($1)', [row?.pid]);
          await admin.end();
          // The connection's 'error' comes while no query runs on it: unheard, it would end the process.
          await new Promise((r) => setTimeout(r, 200));
          await tx.execute(sql`select 1`);
        })
        .catch((e: unknown) => e);
      expect(isDatabaseUnavailable(failed)).toBe(true);
      const again = await database.db.execute(sql`select 3 as three`);
      expect(again.rows).toEqual([{ three: 3 }]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
