import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { describeError } from '../logger.js';
import { BackupError } from './errors.js';

// What `pnpm backup` and `pnpm restore` share: arguments, configuration and how a failure is told.

const UNUSED_SECRET = 'backups-and-restores-sign-no-tokens-000000';

export interface Command {
  config: Config;
  /** The file argument, resolved from where the command was typed (pnpm runs scripts from the root). */
  file: string | undefined;
  force: boolean;
}

export function parseCommand(usage: string): Command | undefined {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
  });
  if (values.help || positionals.length > 1) {
    process.stderr.write(`${usage}\n`);
    return undefined;
  }
  // Only the database and file storage settings matter here: neither the admin pair of the server nor the token
  // secret (which, unset, would otherwise be required with DATABASE_URL or created in DATA_DIR).
  const { ADMIN_EMAIL: _email, ADMIN_PASSWORD: _password, ...env } = process.env;
  const config = loadConfig({ ...env, JWT_SECRET: UNUSED_SECRET });
  const typedFrom = process.env.INIT_CWD ?? process.cwd();
  const [file] = positionals;
  return { config, file: file === undefined ? undefined : path.resolve(typedFrom, file), force: values.force };
}

export function defaultFolder(): string {
  return process.env.INIT_CWD ?? process.cwd();
}

/** Runs a command: exit 0 when it worked, 1 with one line when it could not, 2 for bad usage. */
export function runCommand(name: string, main: () => Promise<number>): void {
  main()
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      const known = error instanceof BackupError || error instanceof ConfigError;
      process.stderr.write(`${known ? (error as Error).message : `${name} failed: ${describeError(error)}`}\n`);
      process.exit(1);
    });
}
