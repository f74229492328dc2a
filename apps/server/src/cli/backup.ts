// pnpm backup [file] [--force]
// Backs up the database the server uses: PostgreSQL with pg_dump when DATABASE_URL is set, otherwise
// the embedded database in DATA_DIR with PGlite's own dump. Without a file, writes
// mentora-<kind>-<time>.<ext> in the current folder. Prints where the backup went.

import path from 'node:path';
import { defaultFolder, parseCommand, runCommand } from '../backup/command.js';
import { describeCounts } from '../backup/contents.js';
import { defaultBackupName } from '../backup/files.js';
import { backupPglite } from '../backup/pglite.js';
import { backupPostgres } from '../backup/postgres.js';

const USAGE = 'Usage: pnpm backup [file] [--force]   (--force replaces an existing file)';

runCommand('backup', async () => {
  const command = parseCommand(USAGE);
  if (!command) return 2;
  const { config, force } = command;
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const file = command.file ?? path.join(defaultFolder(), defaultBackupName(kind));
  const result = config.databaseUrl
    ? await backupPostgres(config.databaseUrl, file, force)
    : await backupPglite(config.dataDir, file, force);
  const source = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  process.stdout.write(`Backed up ${source} to ${result.file}\n(${describeCounts(result.counts)})\n`);
  return 0;
});
