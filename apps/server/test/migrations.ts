import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/client.js';
import { PGLITE_EXTENSIONS } from '../src/db/extensions.js';
import { migrationsFolder } from '../src/db/migrate.js';
import * as schema from '../src/db/schema.js';
import { createScratchPostgres, usingPostgres } from './harness.js';

// Shared by the upgrade tests of each migration (src/db/*Migration.test.ts).

/** Each upgrade test runs every migration from an empty database, twice: slow on PGlite on a busy machine. */
export const MIGRATION_TEST_TIMEOUT = 120_000;

/** A copy of the migrations folder that ends just before `tag`: the release before that migration. */
export function folderBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mentora-migrations-'));
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** Plain SQL on the database under test, the same on PGlite and on PostgreSQL. */
export interface Sql {
  query(text: string): Promise<{ rows: Record<string, unknown>[] }>;
}

/** What a check may use besides plain SQL, once every migration has run. */
export interface Upgraded {
  /** The app's drizzle client on the same database, for checks that go through the app's own code. */
  orm: Queryable;
  /** Starts listening on `channel` (on its own connection): the payloads heard from now on. */
  listen(channel: string): Promise<string[]>;
}

/**
 * The upgrade test of migration `tag`: a database made by the migrations before it is filled with what
 * the old schema holds (`fill`), migrated to the latest, and checked (`check`, given what `fill`
 * returned). One case on PGlite and one on PostgreSQL; the harness runs the one its database is.
 */
export function describeUpgrade<Old>(
  tag: string,
  steps: { fill(db: Sql): Promise<Old>; check(db: Sql, old: Old, upgraded: Upgraded): Promise<void> },
): void {
  describe(`migration ${tag}`, () => {
    const cleanup: (() => Promise<void> | void)[] = [];
    afterAll(async () => {
      for (const step of cleanup.reverse()) await step();
    });

    it.runIf(!usingPostgres())(
      'upgrades an embedded database in place',
      async () => {
        const before = folderBefore(tag);
        cleanup.push(() => rmSync(before, { recursive: true, force: true }));
        const pglite = new PGlite({ extensions: PGLITE_EXTENSIONS });
        cleanup.push(() => pglite.close());
        await migratePglite(drizzlePglite(pglite), { migrationsFolder: before });
        const old = await steps.fill(pglite);
        await migratePglite(drizzlePglite(pglite), { migrationsFolder: migrationsFolder() });
        await steps.check(pglite, old, {
          orm: drizzlePglite(pglite, { schema }) as unknown as Queryable,
          async listen(channel) {
            const heard: string[] = [];
            await pglite.listen(channel, (payload) => heard.push(payload));
            return heard;
          },
        });
      },
      MIGRATION_TEST_TIMEOUT,
    );

    it.runIf(usingPostgres())(
      'upgrades a PostgreSQL database in place',
      async () => {
        const before = folderBefore(tag);
        cleanup.push(() => rmSync(before, { recursive: true, force: true }));
        const scratch = await createScratchPostgres(process.env.DATABASE_URL as string);
        cleanup.push(() => scratch.drop());
        const client = new pg.Client({ connectionString: scratch.url });
        await client.connect();
        cleanup.push(() => client.end());
        await migratePg(drizzlePg(client), { migrationsFolder: before });
        const old = await steps.fill(client);
        await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder() });
        await steps.check(client, old, {
          orm: drizzlePg(client, { schema }) as unknown as Queryable,
          async listen(channel) {
            const listener = new pg.Client({ connectionString: scratch.url });
            await listener.connect();
            cleanup.push(() => listener.end());
            const heard: string[] = [];
            listener.on('notification', (m) => heard.push(m.payload ?? ''));
            await listener.query(`LISTEN ${channel}`);
            return heard;
          },
        });
      },
      MIGRATION_TEST_TIMEOUT,
    );
  });
}
