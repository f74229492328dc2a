import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';

/**
 * The two Redis connections of a process: `command` for PUBLISH and the rate-limit counters, and
 * `subscriber`, which a SUBSCRIBE dedicates to receiving. Both reconnect by themselves, with a
 * backoff from 100 ms up to 3 s, for as long as the process lives.
 */
export interface RedisConnections {
  command: Redis;
  subscriber: Redis;
  close(): Promise<void>;
}

const MAX_BACKOFF_MS = 3_000;
/** Wait at most this long for a command (a publish, a counter) before treating Redis as unavailable. */
const COMMAND_TIMEOUT_MS = 1_000;
const QUIT_TIMEOUT_MS = 1_000;

export const redisBackoff = (attempt: number) =>
  Math.min(100 * 2 ** Math.min(Math.max(attempt - 1, 0), 5), MAX_BACKOFF_MS);

export function openRedis(url: string, logger: Logger): RedisConnections {
  const common: RedisOptions = {
    retryStrategy: redisBackoff,
    connectTimeout: 5_000,
    maxRetriesPerRequest: 1,
    // Redis before 7.2 answers CLIENT SETINFO with an error: skip it rather than log it.
    disableClientInfo: true,
  };
  // No offline queue on the command connection: while Redis is away a publish or a counter fails at
  // once (and the caller falls back) instead of waiting for a reconnection that may be far off.
  const command = new Redis(url, {
    ...common,
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectionName: 'mentora-command',
  });
  // The event bus subscribes again itself on every 'ready' (see RedisEventBus), so it knows when.
  const subscriber = new Redis(url, { ...common, autoResubscribe: false, connectionName: 'mentora-events' });
  const warn = throttledWarning(logger);
  for (const [role, connection] of [
    ['command', command],
    ['subscriber', subscriber],
  ] as const) {
    // Without a listener ioredis prints each failed reconnection attempt itself.
    connection.on('error', (error: Error) =>
      warn(`redis-${role}`, error, `Redis (${role} connection): ${error.message}`),
    );
  }
  return {
    command,
    subscriber,
    close: async () => {
      await Promise.all([quit(command), quit(subscriber)]);
    },
  };
}

/** Resolves true once the connection is ready, or false after the timeout (it keeps trying). */
export function whenReady(connection: Redis, timeoutMs: number): Promise<boolean> {
  if (connection.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      connection.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    connection.once('ready', onReady);
  });
}

/** QUIT when connected (pending replies arrive first), otherwise just stop reconnecting. */
async function quit(connection: Redis): Promise<void> {
  if (connection.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      connection.quit().catch(() => undefined),
      new Promise((resolve) => {
        timer = setTimeout(resolve, QUIT_TIMEOUT_MS);
      }),
    ]);
    clearTimeout(timer);
  }
  connection.disconnect();
}

const WARN_EVERY_MS = 30_000;

/**
 * A warning per kind of trouble at most every 30 s: while Redis is down every request and every
 * reconnection attempt fails the same way, and one line says so as well as thousands.
 */
export function throttledWarning(logger: Logger, everyMs = WARN_EVERY_MS) {
  const last = new Map<string, number>();
  return (kind: string, error: unknown, message: string) => {
    const now = Date.now();
    if (now - (last.get(kind) ?? Number.NEGATIVE_INFINITY) < everyMs) return;
    last.set(kind, now);
    logger.warn({ err: error }, message);
  };
}
