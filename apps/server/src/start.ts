import type { Server } from 'node:http';
import { createApp } from './app.js';
import { describeAssistant } from './assistant/providers.js';
import { endIdleSessions } from './auth/sessions.js';
import { markServerRunning } from './backup/serverMark.js';
import { buildAppContext } from './buildContext.js';
import { type Config, ConfigError, configWarnings, loadConfig } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/client.js';
import { answerClientErrors } from './http/clientErrors.js';
import { createLogger, describeError } from './logger.js';
import { ensureFirstAdmin } from './users/service.js';

const SHUTDOWN_GRACE_MS = 10_000;

export interface StartOptions {
  /** The environment to read (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Runs after migrations and before listening, e.g. to fill the demo database. */
  prepare?: (ctx: AppContext) => Promise<void>;
  /** Runs once the server listens. */
  onListening?: (ctx: AppContext, url: string) => void;
}

/**
 * The whole life of a server process: configuration, database and migrations, live events (and
 * Redis when REDIS_URL is set), the first admin, listening, and a graceful shutdown on SIGTERM/SIGINT
 * (stop accepting, end the event streams, finish in-flight requests, close Redis and the database).
 * A bad configuration exits 1 with one line naming the variable.
 */
export async function startServer(options: StartOptions = {}): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(options.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
  });
  // `pnpm backup` and `pnpm restore` refuse to open the embedded database while this process does.
  if (database.kind === 'pglite') markServerRunning(config.dataDir);
  const built = await buildAppContext(config, database, logger);
  const { ctx } = built;
  // Sessions nobody came back to would otherwise stay forever: requests only end the ones they use.
  await endIdleSessions(database.db, config.sessionIdleMs);
  logger.info(describeAssistant(config));
  for (const warning of configWarnings(config)) logger.warn(warning);
  await ensureFirstAdmin(ctx);
  await options.prepare?.(ctx);
  // From now on this process runs background jobs too, starting with any that came due while none ran.
  ctx.jobs.start();

  const app = createApp(ctx, { rateLimitStore: built.rateLimitStore });
  const server: Server = app.listen(config.port, config.host, () => {
    const url = `http://${config.host}:${config.port}`;
    const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
    const shared = config.redisUrl ? ', live events and rate limits shared through Redis' : '';
    logger.info(`Mentora listening on ${url} (${where}${shared})`);
    options.onListening?.(ctx, url);
  });
  answerClientErrors(server);
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'server failed to listen');
    process.exit(1);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.warn('shutdown grace period over, closing remaining connections');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      await built.close();
      logger.info('stopped');
      process.exit(0);
    });
    // Event streams never finish by themselves: end them, and each browser reconnects to another process.
    ctx.events.closeAllStreams();
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** Entry points call this: a start-up failure prints one line and exits 1. */
export function runServer(options: StartOptions = {}): void {
  startServer(options).catch((error: unknown) => {
    process.stderr.write(`Mentora failed to start: ${describeError(error)}\n`);
    process.exit(1);
  });
}
