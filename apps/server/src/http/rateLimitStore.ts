import {
  type ClientRateLimitInfo,
  type IncrementResponse,
  MemoryStore,
  type Options,
  type Store,
} from 'express-rate-limit';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { type RedisReply, RedisStore } from 'rate-limit-redis';
import { throttledWarning } from '../events/redis.js';
import type { StoreFactory } from './rateLimit.js';

/**
 * Rate-limit counters in Redis, shared by every process (rate-limit-redis), with this process's own
 * memory as the fallback: while Redis is unreachable each limit counts per process (a log line says
 * so, at most every 30 s) instead of failing the request or letting everything through. Counters go
 * back to Redis as soon as it answers again.
 */
export function redisRateLimitStores(client: Redis, keyPrefix: string, logger: Logger): StoreFactory {
  const warn = throttledWarning(logger);
  const sendCommand = (command: string, ...args: string[]) => client.call(command, ...args) as Promise<RedisReply>;
  return (prefix) => new SharedCounterStore(new RedisStore({ sendCommand, prefix: `${keyPrefix}${prefix}` }), warn);
}

type Warn = ReturnType<typeof throttledWarning>;

class SharedCounterStore implements Store {
  readonly localKeys = false;
  private readonly local = new MemoryStore();
  private options: Options | undefined;
  /** The Lua scripts must be loaded (again) before the next Redis call: start-up with Redis away. */
  private reload = false;

  constructor(
    private readonly shared: RedisStore,
    private readonly warn: Warn,
  ) {}

  get prefix(): string {
    return this.shared.prefix;
  }

  async init(options: Options): Promise<void> {
    this.options = options;
    this.local.init(options);
    await this.shared.init(options).catch((error: unknown) => this.unavailable(error));
  }

  async increment(key: string): Promise<IncrementResponse> {
    try {
      await this.reloadScripts();
      return await this.shared.increment(key);
    } catch (error) {
      this.unavailable(error);
      return this.local.increment(key);
    }
  }

  async decrement(key: string): Promise<void> {
    try {
      await this.shared.decrement(key);
    } catch (error) {
      this.unavailable(error);
      await this.local.decrement(key);
    }
  }

  async resetKey(key: string): Promise<void> {
    await Promise.allSettled([this.shared.resetKey(key), this.local.resetKey(key)]);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    try {
      await this.reloadScripts();
      return await this.shared.get(key);
    } catch (error) {
      this.unavailable(error);
      return this.local.get(key);
    }
  }

  private async reloadScripts(): Promise<void> {
    if (!this.reload || !this.options) return;
    await this.shared.init(this.options);
    this.reload = false;
  }

  private unavailable(error: unknown): void {
    this.reload = true;
    this.warn('rate-limit', error, 'Redis unavailable: rate limits count in this process only until it is back');
  }
}
