import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from './extensions.js';
import * as schema from './schema.js';
import { SEARCH_SETTINGS } from './search.js';

/** One query interface for both engines: PGlite speaks the same SQL through the same drizzle API. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: services accept either. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The underlying pg pool (postgres only): used by the migrator's advisory lock. */
  pool?: pg.Pool;
  pglite?: PGlite;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** A folder for PGlite's files, or undefined for an in-memory database (tests). */
  dataDir?: string | undefined;
  poolMax?: number;
  /** In-memory PGlite only: start from this dump (a migrated template) instead of an empty cluster. */
  pgliteTemplate?: Blob;
}

/**
 * The pool listens for errors only on idle clients. A client checked out for a transaction that loses
 * its connection emits 'error' with nobody listening, which would end the process; and when that
 * happens before the transaction's BEGIN has gone through, drizzle never releases it: the pool keeps
 * it for ever, one connection fewer after each database outage, and pool.end() (shutdown) waits for
 * it for ever. So a checked-out client whose connection fails is handed back at once, with its error
 * (the pool discards it), and the release its user makes later is ignored. Its queries fail on their
 * own ("not queryable"), which answers 503.
 */
function handBackBrokenClients(pool: pg.Pool): void {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (checkedOut.has(client as pg.PoolClient)) (client as pg.PoolClient).release(error);
    });
  });
  pool.on('acquire', (client) => {
    // The pool sets client.release right after this event, synchronously: wrap it once it is there.
    queueMicrotask(() => {
      const release = client.release.bind(client);
      checkedOut.add(client);
      client.release = (error?: Error | boolean) => {
        if (!checkedOut.delete(client)) return;
        release(error);
      };
    });
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      // Every connection searches alike (db/search.ts), set at its start so no query can miss it.
      options: Object.entries(SEARCH_SETTINGS)
        .map(([name, value]) => `-c ${name}=${value}`)
        .join(' '),
    });
    // A dropped connection must not crash the process: the next query reports the failure.
    pool.on('error', () => {});
    handBackBrokenClients(pool);
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      pool,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'pgdata');
    if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  } else {
    client = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      ...(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {}),
    });
  }
  // PGlite is one connection: the search settings once, as each PostgreSQL connection gets them.
  for (const [name, value] of Object.entries(SEARCH_SETTINGS)) {
    await client.query(`select set_config($1, $2, false)`, [name, String(value)]);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
