// pnpm restore <file> [--force]
// Restores a backup made by `pnpm backup` into the database the server uses (DATABASE_URL, or the
// embedded database in DATA_DIR). Refuses to replace a database that holds data unless --force, and
// refuses while a server runs on the embedded database.

import { parseCommand, runCommand } from '../backup/command.js';
import { describeCounts } from '../backup/contents.js';
import { BackupError } from '../backup/errors.js';
import { backupKindOf } from '../backup/files.js';
import { restorePglite } from '../backup/pglite.js';
import { restorePostgres } from '../backup/postgres.js';

const USAGE = 'Usage: pnpm restore <file> [--force]   (--force replaces a database that holds data)';

runCommand('restore', async () => {
  const command = parseCommand(USAGE);
  if (!command?.file) {
    if (command) process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const { config, file, force } = command;
  const kind = backupKindOf(file);
  if (kind === 'postgres' && !config.databaseUrl) {
    throw new BackupError(`${file} is a PostgreSQL backup: set DATABASE_URL to the database to restore it into`);
  }
  if (kind === 'pglite' && config.databaseUrl) {
    throw new BackupError(
      `${file} is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR`,
    );
  }
  if (config.databaseUrl) {
    const result = await restorePostgres(config.databaseUrl, file, force);
    process.stdout.write(`Restored ${file} into PostgreSQL (DATABASE_URL)\n(${describeCounts(result.counts)})\n`);
  } else {
    const result = await restorePglite(config.dataDir, file, force);
    process.stdout.write(
      `Restored ${file} into the embedded database in ${config.dataDir}\n(${describeCounts(result.counts)})\n`,
    );
    if (result.keptAs)
      process.stdout.write(
        `The database it replaced is kept in ${result.keptAs}: delete it when you no longer need it\n`,
      );
  }
  return 0;
});
