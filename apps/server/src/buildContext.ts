import { MESSAGES } from '@mentora/contract';
import type { Logger } from 'pino';
import { authChanges, liveAccessChanges } from './auth/authChanges.js';
import { startPasswordHasher } from './auth/passwords.js';
import { SessionCache } from './auth/sessionCache.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { listenForChanges } from './db/changeListener.js';
import type { Database } from './db/client.js';
import { dataChanges } from './db/dataChanges.js';
import { runMigrations } from './db/migrate.js';
import { ReadCache } from './db/readCache.js';
import { setUpLive } from './events/setup.js';
import type { StoreFactory } from './http/rateLimit.js';
import { registerJobHandlers } from './jobs/handlers.js';
import { JobQueue } from './jobs/queue.js';
import { ImagePool } from './storage/imagePool.js';
import { openFileStore } from './storage/openStore.js';

export interface BuiltAppContext {
  ctx: AppContext;
  /** Shared rate-limit counters when REDIS_URL is set (createApp's rateLimitStore); undefined keeps them in memory. */
  rateLimitStore: StoreFactory | undefined;
  /** Stops the job queue's polling, ends live events (and Redis), the change listener, the password workers, the file store and the database, in that order. */
  close(): Promise<void>;
}

export interface BuildAppContextOptions {
  /**
   * false: the session and read caches are used but hear no database notifications, so only what the
   * code that makes a change tells them keeps them right (tests of what a request's own next request relies on).
   */
  hearChanges?: boolean;
}

/**
 * Everything requests share, on an open database: its migrations, live events (through Redis when the
 * configuration names one), the session and read caches kept right by the database's change
 * notifications, and the password workers. start.ts and the tests' harness build it here, so tests run
 * the context production runs.
 */
export async function buildAppContext(
  config: Config,
  database: Database,
  logger: Logger,
  options: BuildAppContextOptions = {},
): Promise<BuiltAppContext> {
  await runMigrations(database);
  const live = await setUpLive(config, database.db, logger);
  const sessionCache = new SessionCache();
  const readCache = new ReadCache({ maxBytes: config.readCacheMb * 1024 * 1024 });
  const subscriptions = [authChanges(sessionCache), liveAccessChanges(live.events), dataChanges(readCache)];
  let stopListening = async () => {};
  if (options.hearChanges === false) for (const subscription of subscriptions) subscription.setListening(true);
  else stopListening = await listenForChanges(database, subscriptions, { databaseUrl: config.databaseUrl, logger });
  const passwords = await startPasswordHasher(config.passwords);
  logger.info(
    `Password hashing: ${config.passwords.threads} worker threads, one hash ${Math.round(passwords.hashMs)} ms, up to ${passwords.queueMax} waiting before 503`,
  );
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    logger,
    events: live.events,
    sessionCache,
    readCache,
    passwords,
    jobs: new JobQueue(database.db, logger),
    files: openFileStore(config, logger),
    images: new ImagePool({ ...config.images, busyMessage: MESSAGES.avatars.busy }),
  };
  const leftovers = await ctx.files.removeLeftovers?.();
  if (leftovers) logger.info(`Files: removed ${leftovers} temporary files left by a process that was killed`);
  registerJobHandlers(ctx);
  return {
    ctx,
    rateLimitStore: live.rateLimitStore,
    close: async () => {
      await ctx.jobs.stop();
      await live.close().catch((error: unknown) => logger.error({ err: error }, 'closing Redis failed'));
      await stopListening();
      await passwords.close();
      await ctx.files.close().catch((error: unknown) => logger.error({ err: error }, 'closing the file store failed'));
      await database.close().catch((error: unknown) => logger.error({ err: error }, 'closing the database failed'));
    },
  };
}
