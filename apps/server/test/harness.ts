import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import supertest from 'supertest';
import { inject } from 'vitest';
import { type AppOptions, createApp } from '../src/app.js';
import { buildAppContext } from '../src/buildContext.js';
import { type Config, loadConfig } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { answerClientErrors } from '../src/http/clientErrors.js';
import { createLogger } from '../src/logger.js';

// Each test file gets its own database: an in-memory PGlite, or, when DATABASE_URL is set, a new
// PostgreSQL database on that server, dropped afterwards. Files can then run in parallel.

export interface TestServer {
  ctx: AppContext;
  server: Server;
  baseUrl: string;
  /** supertest bound to the real listening server. */
  http: supertest.Agent;
  close(): Promise<void>;
}

export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
  RATE_LIMIT: 'off',
  BCRYPT_COST: '4',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent-web-dist',
};

export const usingPostgres = () => Boolean(process.env.DATABASE_URL);

export async function createScratchPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `mentora_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The migrated PGlite made once by test/global-setup.ts: loading it is ~4x faster than initdb. */
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  return file ? new Blob([readFileSync(file)]) : undefined;
}

export interface TestServerOptions extends AppOptions {
  env?: Record<string, string>;
  /** A logger of the test's own, e.g. writing to memory to inspect what gets logged. */
  logger?: Logger;
  /** Keep the embedded database on disk in this DATA_DIR (in memory otherwise); the caller removes it. */
  pgliteDataDir?: string;
  /** PostgreSQL only: share this database (another test server's: a second process) instead of a scratch one. */
  databaseUrl?: string;
  /**
   * false: the session and read caches are used but hear no database notifications, so only what the
   * code that makes a change tells them keeps them right (what its own next request relies on).
   */
  hearChanges?: boolean;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.pgliteDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'mentora-test-'));
  const scratch =
    usingPostgres() && !options.pgliteDataDir && !options.databaseUrl
      ? await createScratchPostgres(process.env.DATABASE_URL as string)
      : undefined;
  const config: Config = loadConfig({
    ...TEST_ENV,
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  });
  const database: Database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: options.pgliteDataDir,
    poolMax: 10,
    pgliteTemplate: scratch || options.pgliteDataDir ? undefined : pgliteTemplate(),
  });
  const logger = options.logger ?? createLogger(config.logLevel);
  // The same context as start.ts: live events in this process, or through Redis when the env names one.
  const built = await buildAppContext(config, database, logger, { hearChanges: options.hearChanges });
  const { ctx } = built;
  const app = createApp(ctx, { rateLimitStore: built.rateLimitStore, ...options });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  answerClientErrors(server);
  const { port } = server.address() as AddressInfo;
  return {
    ctx,
    server,
    baseUrl: `http://127.0.0.1:${port}`,
    http: supertest.agent(server),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await built.close();
      await scratch?.drop();
      if (!options.pgliteDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
