import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Database, openDatabase } from '../db/client.js';
import { PGLITE_EXTENSIONS } from '../db/extensions.js';
import { runMigrations } from '../db/migrate.js';
import { rowCounts, totalRows } from './contents.js';
import { BackupError } from './errors.js';
import { writeAtomically } from './files.js';
import { runningServerPid } from './serverMark.js';

// The embedded database (PGlite in DATA_DIR/pgdata) is backed up with PGlite's own dump: a gzipped
// tarball of its data directory, which PGlite loads back with `loadDataDir`.

const pgdata = (dataDir: string) => path.join(dataDir, 'pgdata');
const hasCluster = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

function refuseWhileServing(dataDir: string): void {
  const pid = runningServerPid(dataDir);
  if (pid !== undefined) {
    throw new BackupError(
      `A Mentora server (process ${pid}) is using the embedded database in ${dataDir}: stop it first (the embedded database has one writer; if no server runs there, delete ${dataDir}/server.pid)`,
    );
  }
}

async function withDatabase<T>(dataDir: string, use: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

export interface BackupResult {
  file: string;
  counts: Map<string, number>;
}

/** Dumps DATA_DIR's embedded database into `file`. */
export async function backupPglite(dataDir: string, file: string, force = false): Promise<BackupResult> {
  refuseWhileServing(dataDir);
  if (!hasCluster(pgdata(dataDir))) throw new BackupError(`There is no embedded database in ${dataDir} to back up`);
  return withDatabase(dataDir, async (database) => {
    const pglite = database.pglite as PGlite;
    const counts = await rowCounts(database.db);
    await writeAtomically(file, force, async (partial) => {
      const dump = await pglite.dumpDataDir('gzip');
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    });
    return { file, counts };
  });
}

export interface RestoreResult {
  counts: Map<string, number>;
  /** Where the database that was replaced now is (only when it held data). */
  keptAs: string | undefined;
}

/**
 * Replaces DATA_DIR's embedded database with the one in `file`. Refuses while a server uses it, and
 * when it holds data unless `force`; even then nothing is deleted: the old data directory is renamed
 * aside. The backup is checked in memory before anything on disk changes, and a failure halfway puts
 * the old directory back. The restored database is migrated to this version, as a start would.
 */
export async function restorePglite(dataDir: string, file: string, force = false): Promise<RestoreResult> {
  refuseWhileServing(dataDir);
  const dump = new Blob([readFileSync(file)]);
  await checkDump(dump, file);

  const target = pgdata(dataDir);
  let existingRows = 0;
  if (hasCluster(target)) {
    existingRows = await withDatabase(dataDir, async (database) => totalRows(await rowCounts(database.db)));
    if (existingRows > 0 && !force) {
      throw new BackupError(
        `The embedded database in ${dataDir} holds data (${existingRows} rows): pass --force to replace it (it is kept aside, not deleted)`,
      );
    }
  }
  let aside: string | undefined;
  if (existsSync(target) && readdirSync(target).length > 0) {
    aside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, aside);
  }
  try {
    mkdirSync(target, { recursive: true });
    const loaded = await PGlite.create(target, { loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
    await loaded.close();
    const counts = await withDatabase(dataDir, async (database) => {
      await runMigrations(database);
      return rowCounts(database.db);
    });
    // An empty database that was replaced held nothing worth keeping.
    if (aside && existingRows === 0) {
      rmSync(aside, { recursive: true, force: true });
      aside = undefined;
    }
    return { counts, keptAs: aside };
  } catch (error) {
    rmSync(target, { recursive: true, force: true });
    if (aside) renameSync(aside, target);
    throw error;
  }
}

/** Loads the dump into a throwaway in-memory database: it must be a PGlite data directory holding Mentora's tables. */
async function checkDump(dump: Blob, file: string): Promise<void> {
  let probe: PGlite | undefined;
  try {
    probe = await PGlite.create({ loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
    const { rows } = await probe.query<{ present: boolean }>(
      "select to_regclass('public.users') is not null as present",
    );
    if (!rows[0]?.present) {
      throw new BackupError(`${file} is a PGlite database, but not a Mentora one (it has no users table)`);
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} cannot be loaded as an embedded database: ${(error as Error).message}`);
  } finally {
    await probe?.close().catch(() => {});
  }
}
