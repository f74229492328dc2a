import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import getPort from 'get-port';
import { Redis } from 'ioredis';

// Redis for tests: the shared one (TEST_REDIS_URL, default the local server CI starts), with a key
// prefix of each run's own so parallel runs never meet; or a private redis-server on a free port,
// for tests that stop and restart it without touching anyone else's.

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

export const uniqueRedisPrefix = () => `mentora-test:${process.pid}:${randomBytes(4).toString('hex')}:`;

export async function redisReachable(url: string = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export const hasRedisServerBinary = () => spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0;

/**
 * Where Redis is needed but missing: CI must have it (it starts one), so there the test fails;
 * elsewhere it is skipped with one line saying why.
 */
export function requireOrSkip(available: boolean, what: string): boolean {
  if (available) return true;
  if (process.env.CI) throw new Error(`${what} is required in CI`);
  process.stdout.write(`skipped: ${what} is not available (start Redis, or set TEST_REDIS_URL)\n`);
  return false;
}

/** A redis-server of the test's own, on a free loopback port, that it can stop and start again. */
export class PrivateRedis {
  private child: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await getPort({ host: '127.0.0.1' }));
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 100; i++) {
      if (await redisReachable(this.url)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`redis-server did not start on port ${this.port}`);
  }

  /** Stops it hard, as a crash would, and waits until it is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  }
}
