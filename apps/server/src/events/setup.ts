import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { StoreFactory } from '../http/rateLimit.js';
import { redisRateLimitStores } from '../http/rateLimitStore.js';
import { type EventBus, InProcessEventBus } from './bus.js';
import { LiveEvents } from './hub.js';
import { openRedis, whenReady } from './redis.js';
import { RedisEventBus } from './redisBus.js';

export interface LiveSetup {
  events: LiveEvents;
  /** Shared rate-limit counters when REDIS_URL is set; undefined keeps them in memory. */
  rateLimitStore: StoreFactory | undefined;
  /** Ends the streams and the Redis connections (shutdown). */
  close(): Promise<void>;
}

/** How long start-up waits for Redis before serving without it (it keeps reconnecting). */
const REDIS_START_WAIT_MS = 3_000;

/**
 * Live events and rate-limit counters for one process. With REDIS_URL they reach every process
 * through Redis; without it they stay in this one. Start-up waits a moment for Redis, not longer:
 * until it answers, events stay in this process and limits count here (both logged), and the
 * process catches up alone once it does.
 */
export async function setUpLive(config: Config, db: Db, logger: Logger): Promise<LiveSetup> {
  const redis = config.redisUrl ? openRedis(config.redisUrl, logger) : undefined;
  let bus: EventBus = new InProcessEventBus();
  if (redis) {
    const redisBus = new RedisEventBus(redis, `${config.redisPrefix}events`, logger);
    bus = redisBus;
    const [commands, subscribed] = await Promise.all([
      whenReady(redis.command, REDIS_START_WAIT_MS),
      redisBus.whenSubscribed(REDIS_START_WAIT_MS),
    ]);
    if (!commands || !subscribed) {
      logger.warn('Redis is not answering yet: serving without it, and reconnecting in the background');
    }
  }
  const events = new LiveEvents({ db, bus, logger, ...config.events });
  try {
    await events.start();
  } catch (error) {
    await bus.close();
    await redis?.close();
    throw error;
  }
  return {
    events,
    rateLimitStore: redis ? redisRateLimitStores(redis.command, `${config.redisPrefix}rl:`, logger) : undefined,
    close: async () => {
      events.stop();
      await bus.close();
      await redis?.close();
    },
  };
}
