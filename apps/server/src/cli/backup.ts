// pnpm backup [file] [--force]
// Backs up the database the server uses: PostgreSQL with pg_dump when DATABASE_URL is set, otherwise
// the embedded database in DATA_DIR with PGlite's own dump. With STORAGE=fs the uploaded files in
// DATA_DIR/files go beside it (<name>.files.tar.gz); with STORAGE=s3 it says how to back up the bucket.
// Without a file, writes mentora-<kind>-<time>.<ext> in the current folder. Prints where the backup went.

import path from 'node:path';
import { defaultFolder, parseCommand, runCommand } from '../backup/command.js';
import { defaultBackupName } from '../backup/files.js';
import { backupAll } from '../backup/run.js';

const USAGE = 'Usage: pnpm backup [file] [--force]   (--force replaces an existing file)';

runCommand('backup', async () => {
  const command = parseCommand(USAGE);
  if (!command) return 2;
  const { config, force } = command;
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const file = command.file ?? path.join(defaultFolder(), defaultBackupName(kind));
  process.stdout.write(`${(await backupAll(config, file, force)).join('\n')}\n`);
  return 0;
});
