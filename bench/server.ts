import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import getPort from 'get-port';
import { DEFAULT_DATABASE, type ProfileName } from './seed/profiles.js';

/** The built server every benchmark runs (after `pnpm build`). */
export const SERVER_MAIN = path.resolve(import.meta.dirname, '..', 'apps', 'server', 'dist', 'main.js');

/** What each benchmark's server has in common: production mode, no rate limits, warnings only. */
export const BENCH_SERVER_ENV = {
  NODE_ENV: 'production',
  RATE_LIMIT: 'off',
  // Production would log each request at info; warn keeps log shipping out of the figures.
  LOG_LEVEL: 'warn',
} as const;

/** The signing key of the servers that run on a seeded profile (tokens from one run work on the next). */
export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

/** The database of a seeded profile on the PostgreSQL server at `serverUrl` (without a database). */
export function benchDatabaseUrl(serverUrl: string, profile: ProfileName): string {
  return `${serverUrl.replace(/\/+$/, '')}/${DEFAULT_DATABASE[profile]}`;
}

export interface BenchServer {
  baseUrl: string;
  child: ChildProcess;
  /** SIGTERM, then SIGKILL after 15 s; resolves once the process has exited. */
  stop(): Promise<void>;
}

export interface BenchServerOptions {
  /** Set on top of PATH, HOST and PORT (a free loopback port); BENCH_SERVER_ENV is not implied. */
  env: Record<string, string | undefined>;
  main?: string;
  nodeArgs?: string[];
  /** Each line the server prints on stdout or stderr (dropped by default). */
  onLine?: (line: string) => void;
  timeoutMs?: number;
}

/**
 * Starts the built server on a free loopback port and waits until /api/health answers; throws, with
 * its last lines, if it exits or does not answer in time.
 */
export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const port = await getPort({ host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.main ?? SERVER_MAIN], {
    env: { PATH: process.env.PATH, ...options.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const last: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream as NodeJS.ReadableStream }).on('line', (line) => {
      last.push(line);
      if (last.length > 50) last.shift();
      options.onLine?.(line);
    });
  }
  const server: BenchServer = { baseUrl, child, stop: () => stopProcess(child) };
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited during start-up (${child.exitCode}):\n${last.join('\n')}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`the server did not answer /api/health in time:\n${last.join('\n')}`);
}

/** Stops a child process: SIGTERM, then SIGKILL after 15 s; resolves once it has exited. */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
