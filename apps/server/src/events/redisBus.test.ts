import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisReachable, requireOrSkip, TEST_REDIS_URL, uniqueRedisPrefix } from '../../test/redis.js';
import type { BusListener } from './bus.js';
import { openRedis, type RedisConnections } from './redis.js';
import { RedisEventBus } from './redisBus.js';
import type { LiveEvent } from './types.js';

// Two buses on one Redis stand for two processes. The whole path with real server processes,
// including Redis going away: multiprocess.test.ts.

const available = requireOrSkip(await redisReachable(), `Redis at ${TEST_REDIS_URL}`);
const logger = pino({ level: 'silent' });

const event = (id: number): LiveEvent => ({
  id,
  name: 'community.like',
  audience: { everyone: true },
  data: { postId: 'p', likes: [], likeCount: id },
});

function recorder() {
  const got: number[] = [];
  let synced = 0;
  const listener: BusListener = {
    event: (e) => got.push(e.id),
    synced: () => {
      synced += 1;
    },
    lost: () => {},
  };
  return { got, listener, synced: () => synced };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!available)('RedisEventBus', () => {
  const channel = `${uniqueRedisPrefix()}events`;
  let connections: RedisConnections[] = [];
  let buses: RedisEventBus[] = [];
  beforeAll(() => {
    connections = [openRedis(TEST_REDIS_URL, logger), openRedis(TEST_REDIS_URL, logger)];
    buses = connections.map((c) => new RedisEventBus(c, channel, logger));
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    for (const c of connections) await c.close();
  });

  it('delivers an event once to every process: at once here, through Redis there', async () => {
    const [a, b] = [recorder(), recorder()];
    const [busA, busB] = buses as [RedisEventBus, RedisEventBus];
    busA.subscribe(a.listener);
    busB.subscribe(b.listener);
    await until(() => a.synced() === 1 && b.synced() === 1, 'both buses to subscribe');
    await busA.publish(event(1));
    expect(a.got).toEqual([1]);
    await until(() => b.got.length === 1, 'the event through Redis');
    await busB.publish(event(2));
    await until(() => a.got.length === 2 && b.got.length === 2, 'both events everywhere');
    await new Promise((r) => setTimeout(r, 100));
    expect(a.got).toEqual([1, 2]);
    expect(b.got).toEqual([1, 2]);
  });

  it('ignores what is not an event, and other channels', async () => {
    const b = recorder();
    (buses[1] as RedisEventBus).subscribe(b.listener);
    await until(() => b.synced() === 1, 'the subscription');
    const raw = new Redis(TEST_REDIS_URL);
    try {
      await raw.publish(channel, 'not json');
      await raw.publish(channel, JSON.stringify({ origin: 'elsewhere', event: { id: 'x' } }));
      await raw.publish(`${channel}-other`, JSON.stringify({ origin: 'elsewhere', event: event(5) }));
      await raw.publish(channel, JSON.stringify({ origin: 'elsewhere', event: event(6) }));
    } finally {
      raw.disconnect();
    }
    await until(() => b.got.length > 0, 'the valid event');
    expect(b.got).toEqual([6]);
  });
});
