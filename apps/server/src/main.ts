import type { Server } from 'node:http';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { createLogger } from './logger.js';
import { ensureFirstAdmin } from './users/service.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
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
  await runMigrations(database);
  const ctx: AppContext = { config, database, db: database.db, logger };
  await ensureFirstAdmin(ctx);

  const app = createApp(ctx);
  const server: Server = app.listen(config.port, config.host, () => {
    const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
    logger.info(`Mentora listening on http://${config.host}:${config.port} (${where})`);
  });
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
      await database.close().catch((error: unknown) => logger.error({ err: error }, 'closing the database failed'));
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Mentora failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
