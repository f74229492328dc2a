import { existsSync } from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.js';

/** The drizzle-kit output folder, found from src/db (tsx, tests) or dist (the bundled server). */
export function migrationsFolder(): string {
  let dir = import.meta.dirname;
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Migrations folder not found (apps/server/drizzle)');
}

// Any fixed number: several processes starting together take turns migrating.
const MIGRATION_LOCK_KEY = 4_242_001;

export async function runMigrations(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === 'pglite' && database.pglite) {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder: folder });
    return;
  }
  if (!database.pool) throw new Error('PostgreSQL pool missing');
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder: folder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
