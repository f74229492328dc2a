import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import getPort from 'get-port';

// A PostgreSQL cluster of the test's own (initdb into a temporary folder, pg_ctl on a free loopback
// port), for tests that stop the database and start it again. The machine's shared PostgreSQL is
// never touched: other test files and other people use it.

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's bin folder with initdb and pg_ctl, or undefined. */
export function postgresBinDir(): string | undefined {
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((v) => existsSync(path.join(POSTGRES_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(POSTGRES_ROOT, versions[0], 'bin') : undefined;
}

/**
 * Where the binaries are missing the test is skipped with one line saying why; CI installs
 * PostgreSQL, so there it fails instead.
 */
export function requirePostgresBinariesOrSkip(what: string): boolean {
  if (postgresBinDir()) return true;
  const why = `the PostgreSQL server programs (initdb, pg_ctl) are not in ${POSTGRES_ROOT}/<version>/bin`;
  if (process.env.CI) throw new Error(`${what}: ${why}, and CI requires them`);
  process.stdout.write(`skipped: ${what}: ${why} (apt-get install postgresql)\n`);
  return false;
}

/** initdb and postgres refuse to run as root: as root, run them as the postgres system user. */
function asPostgres(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  if (!Number.isInteger(uid) || uid <= 0)
    throw new Error('running as root, and there is no postgres user to run PostgreSQL as');
  return { uid, gid: id('-g') };
}

export class PrivatePostgres {
  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    readonly port: number,
  ) {}

  static async create(): Promise<PrivatePostgres> {
    const bin = postgresBinDir();
    if (!bin) throw new Error('PostgreSQL binaries not found');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mentora-pg-'));
    const owner = asPostgres();
    if (owner) chownSync(dir, owner.uid, owner.gid);
    const cluster = new PrivatePostgres(bin, dir, await getPort({ host: '127.0.0.1' }));
    await cluster.pg('initdb', ['-D', cluster.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    await cluster.start();
    return cluster;
  }

  private get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  /** The cluster's own default database, as its superuser (trust authentication, loopback only). */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private async pg(program: string, args: string[]): Promise<void> {
    const file = path.join(this.bin, program);
    const [cmd, argv] = asPostgres() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    try {
      await run(cmd, argv, { timeout: 120_000 });
    } catch (error) {
      const e = error as { stderr?: string; stdout?: string; message: string };
      throw new Error(`${program} failed: ${e.stderr || e.stdout || e.message}`);
    }
  }

  /** Starts it and waits until it accepts connections (after a hard stop, that includes crash recovery). */
  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1`;
    await this.pg('pg_ctl', [
      '-D',
      this.dataDir,
      '-o',
      options,
      '-l',
      path.join(this.dir, 'log'),
      '-w',
      '-t',
      '120',
      'start',
    ]);
  }

  /**
   * Stops it. `immediate` is what a crash or a pulled plug does to the clients: every connection is
   * cut at once, and the next start runs crash recovery.
   */
  async stop(mode: 'immediate' | 'fast' = 'immediate'): Promise<void> {
    await this.pg('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', 'stop']);
  }

  /** Stops it if running and removes its files. */
  async destroy(): Promise<void> {
    await this.stop('immediate').catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }
}
