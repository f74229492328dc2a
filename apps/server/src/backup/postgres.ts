import { spawn } from 'node:child_process';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../db/schema.js';
import { describeCounts, rowCounts, totalRows } from './contents.js';
import { BackupError } from './errors.js';
import { writeAtomically } from './files.js';

// PostgreSQL (DATABASE_URL) is backed up with pg_dump as plain SQL that drops and recreates every
// object it holds, and restored with psql in one transaction: a restore that fails changes nothing.
// Both tools come with the PostgreSQL client (Debian: postgresql-client), whose major version must be
// at least the server's.

/** The URL without its password, which goes to the tools through PGPASSWORD rather than the process list. */
function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL client tool; its error output becomes the BackupError's message on failure. */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found: install the PostgreSQL client tools of your server's major version (Debian: apt-get install postgresql-client)`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim() || 'no message'}`));
    });
  });
}

async function withClient<T>(databaseUrl: string, use: (db: NodePgDatabase<typeof schema>) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await use(drizzle(client, { schema }));
  } finally {
    await client.end();
  }
}

export async function backupPostgres(databaseUrl: string, file: string, force = false) {
  const counts = await withClient(databaseUrl, (db) => rowCounts(db));
  const { url, env } = connection(databaseUrl);
  await writeAtomically(file, force, (partial) =>
    run(
      'pg_dump',
      [
        '--format=plain',
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        `--file=${partial}`,
        `--dbname=${url}`,
      ],
      env,
    ),
  );
  return { file, counts };
}

/**
 * Replays a pg_dump file into DATABASE_URL in one transaction. Refuses when the database holds data
 * unless `force` (the dump then drops and recreates each of its tables). Running servers are not
 * detected: stop them first, or they keep writing to the old tables until the restore commits.
 */
export async function restorePostgres(databaseUrl: string, file: string, force = false) {
  const before = await withClient(databaseUrl, (db) => rowCounts(db));
  if (totalRows(before) > 0 && !force) {
    throw new BackupError(
      `The database at DATABASE_URL holds data (${describeCounts(before)}): pass --force to replace it`,
    );
  }
  const { url, env } = connection(databaseUrl);
  await run(
    'psql',
    ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', `--file=${file}`, `--dbname=${url}`],
    env,
  );
  return { counts: await withClient(databaseUrl, (db) => rowCounts(db)) };
}
