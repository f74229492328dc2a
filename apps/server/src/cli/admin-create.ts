// pnpm admin:create --email EMAIL [--name NAME]
// Creates an administrator, or promotes the existing account with that email. The password of a new
// account is read from ADMIN_PASSWORD, or asked for when run in a terminal.

import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { emailSchema, nameSchema, passwordSchema } from '@mentora/contract';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { describeError } from '../logger.js';
import { findUserByEmail } from '../users/accounts.js';
import { createOrPromoteAdmin } from '../users/service.js';

async function askPassword(): Promise<string | undefined> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) return undefined;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question('Password for the new admin (at least 8 characters): ');
  } finally {
    rl.close();
  }
}

async function run(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) {
    process.stderr.write('Usage: pnpm admin:create --email EMAIL [--name NAME]\n');
    return 2;
  }
  const name = nameSchema.safeParse(values.name ?? 'Administrator');
  if (!name.success) {
    process.stderr.write('--name must be 1-100 characters\n');
    return 2;
  }
  // ADMIN_PASSWORD here is the new account's password, not the start-up admin pair of the server.
  const { ADMIN_EMAIL: _email, ADMIN_PASSWORD: _password, ...env } = process.env;
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    let password: string | undefined;
    if (!(await findUserByEmail(database.db, email.data))) {
      const asked = passwordSchema.safeParse(await askPassword());
      if (!asked.success) {
        process.stderr.write(
          'A new admin needs a password of at least 8 characters (set ADMIN_PASSWORD or run in a terminal)\n',
        );
        return 2;
      }
      password = asked.data;
    }
    const { user, created } = await createOrPromoteAdmin(
      database.db,
      { email: email.data, name: name.data, password },
      config.bcryptCost,
    );
    process.stdout.write(`${created ? 'Created' : 'Promoted'} admin ${user.email} (${user.username})\n`);
    return 0;
  } finally {
    await database.close();
  }
}

run()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    process.stderr.write(
      `${error instanceof ConfigError ? error.message : `admin:create failed: ${describeError(error)}`}\n`,
    );
    process.exit(1);
  });
