import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { type BusListener, deliver, type EventBus } from './bus.js';
import { type RedisConnections, throttledWarning } from './redis.js';
import { isLiveEvent, type LiveEvent } from './types.js';

interface Envelope {
  origin: string;
  event: LiveEvent;
}

/**
 * Redis pub/sub between processes. An event is handed to this process's listeners at once and
 * published for the others, which ignore their own (the `origin` of the envelope): while Redis is
 * down, the clients of the process that raised an event still get it, and the others miss it.
 */
export class RedisEventBus implements EventBus {
  readonly kind = 'redis';
  private readonly listeners = new Set<BusListener>();
  private readonly origin = randomUUID();
  private readonly warn;
  private subscribed = false;
  private readonly subscribedWaiters: (() => void)[] = [];

  constructor(
    private readonly redis: RedisConnections,
    private readonly channel: string,
    private readonly logger: Logger,
  ) {
    this.warn = throttledWarning(logger);
    redis.subscriber.on('message', (channel: string, message: string) => this.receive(channel, message));
    redis.subscriber.on('ready', () => {
      void this.subscribeChannel();
    });
    redis.subscriber.on('close', () => {
      if (!this.subscribed) return;
      this.subscribed = false;
      this.logger.warn('lost Redis: live events of other processes are not arriving until it is back');
      for (const listener of this.listeners) listener.lost();
    });
    if (redis.subscriber.status === 'ready') void this.subscribeChannel();
  }

  private async subscribeChannel(): Promise<void> {
    try {
      await this.redis.subscriber.subscribe(this.channel);
    } catch (error) {
      // The connection dropped again before the answer: the next 'ready' tries once more.
      this.warn('subscribe', error, 'could not subscribe to live events on Redis; retrying on reconnection');
      return;
    }
    if (this.subscribed) return;
    this.subscribed = true;
    this.logger.info('receiving live events of every process through Redis');
    for (const listener of this.listeners) listener.synced();
    for (const wake of this.subscribedWaiters.splice(0)) wake();
  }

  /** Resolves true once the bus hears the other processes, or false after the timeout (it keeps trying). */
  whenSubscribed(timeoutMs: number): Promise<boolean> {
    if (this.subscribed) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.subscribedWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  async publish(event: LiveEvent): Promise<void> {
    deliver(this.listeners, event);
    const envelope: Envelope = { origin: this.origin, event };
    try {
      await this.redis.command.publish(this.channel, JSON.stringify(envelope));
    } catch (error) {
      this.warn('publish', error, 'Redis unavailable: live events reach only the clients of this process');
    }
  }

  private receive(channel: string, message: string): void {
    if (channel !== this.channel) return;
    let envelope: Partial<Envelope>;
    try {
      envelope = JSON.parse(message) as Partial<Envelope>;
    } catch (error) {
      this.warn('malformed', error, 'ignored a malformed message on the live events channel');
      return;
    }
    if (envelope.origin === this.origin) return;
    if (!isLiveEvent(envelope.event)) {
      this.warn('malformed', undefined, 'ignored a malformed message on the live events channel');
      return;
    }
    deliver(this.listeners, envelope.event);
  }

  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    if (this.subscribed) listener.synced();
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.subscribed = false;
  }
}
