// pnpm restore <file> [--force]
// Restores a backup made by `pnpm backup` into the database the server uses (DATABASE_URL, or the
// embedded database in DATA_DIR), and with STORAGE=fs the uploaded files archived beside it into
// DATA_DIR/files. Refuses to replace a database that holds data unless --force, and refuses while a
// server runs on the embedded database.

import { parseCommand, runCommand } from '../backup/command.js';
import { restoreAll } from '../backup/run.js';

const USAGE = 'Usage: pnpm restore <file> [--force]   (--force replaces a database that holds data)';

runCommand('restore', async () => {
  const command = parseCommand(USAGE);
  if (!command?.file) {
    if (command) process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const { config, file, force } = command;
  process.stdout.write(`${(await restoreAll(config, file, force)).join('\n')}\n`);
  return 0;
});
