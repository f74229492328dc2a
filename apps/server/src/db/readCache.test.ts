import { describe, expect, it } from 'vitest';
import { applyDataChange } from './dataChanges.js';
import { jsonOf, ReadCache, type ReadCacheOptions } from './readCache.js';

function listening(options: ReadCacheOptions = {}) {
  const cache = new ReadCache(options);
  cache.setListening(true);
  return cache;
}

/** A loader that counts its calls and answers { n: <call number> }. */
function counter() {
  let calls = 0;
  const load = async () => ({ n: ++calls });
  return { load, calls: () => calls };
}

/** A loader that waits until released, to let something happen while a read is at the database. */
function held() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { load: async () => gate.then(() => ({ stale: true })), release };
}

describe('ReadCache', () => {
  it('answers a key from memory after the first read, and each key apart', async () => {
    const cache = listening();
    const a = counter();
    expect(await cache.read('a', ['classes'], a.load)).toEqual({ n: 1 });
    expect(await cache.read('a', ['classes'], a.load)).toEqual({ n: 1 });
    expect(a.calls()).toBe(1);
    const b = counter();
    expect(await cache.read('b', ['classes'], b.load)).toEqual({ n: 1 });
    expect(b.calls()).toBe(1);
  });

  it('reads every time while nobody listens for changes, and empties when listening stops or starts', async () => {
    const cache = new ReadCache();
    const a = counter();
    await cache.read('a', ['classes'], a.load);
    await cache.read('a', ['classes'], a.load);
    expect(a.calls()).toBe(2);
    cache.setListening(true);
    await cache.read('a', ['classes'], a.load);
    cache.setListening(false);
    expect(cache.size).toBe(0);
    cache.setListening(true);
    expect(await cache.read('a', ['classes'], a.load)).toEqual({ n: 4 });
  });

  it('a change to a table forgets what was read from it, and only that', async () => {
    const cache = listening();
    const classes = counter();
    const feed = counter();
    await cache.read('class', ['classes', 'reviews'], classes.load);
    await cache.read('feed', ['community_posts'], feed.load);
    cache.changed('reviews');
    expect(await cache.read('class', ['classes', 'reviews'], classes.load)).toEqual({ n: 2 });
    expect(await cache.read('feed', ['community_posts'], feed.load)).toEqual({ n: 1 });
  });

  it('does not keep a read that was at the database when one of its tables changed (it may hold the old rows)', async () => {
    const cache = listening();
    const slow = held();
    const reading = cache.read('a', ['classes', 'reviews'], slow.load);
    cache.changed('reviews');
    slow.release();
    expect(await reading).toEqual({ stale: true });
    const fresh = counter();
    expect(await cache.read('a', ['classes', 'reviews'], fresh.load)).toEqual({ n: 1 });
  });

  it('keeps a read while other tables change (a class read amid a stream of likes)', async () => {
    const cache = listening();
    const slow = held();
    const reading = cache.read('a', ['classes', 'reviews'], slow.load);
    cache.changed('post_likes');
    cache.changed('community_replies', 'users');
    slow.release();
    expect(await reading).toEqual({ stale: true });
    const never = counter();
    expect(await cache.read('a', ['classes', 'reviews'], never.load)).toEqual({ stale: true });
    expect(never.calls()).toBe(0);
  });

  it('does not keep a read that was at the database when the cache was emptied (the listener lost)', async () => {
    const cache = listening();
    const slow = held();
    const reading = cache.read('a', ['classes'], slow.load);
    cache.setListening(false);
    cache.setListening(true);
    slow.release();
    await reading;
    expect(cache.size).toBe(0);
  });

  it('keeps neither a missing value nor an error', async () => {
    const cache = listening();
    let calls = 0;
    const missing = async () => {
      calls++;
      return undefined;
    };
    await cache.read('gone', ['classes'], missing);
    await cache.read('gone', ['classes'], missing);
    expect(calls).toBe(2);
    await expect(cache.read('bad', ['classes'], () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.size).toBe(0);
  });

  it('an entry is used for its time to live, then read again', async () => {
    let now = 0;
    const cache = listening({ ttlMs: 1_000, now: () => now });
    const a = counter();
    await cache.read('a', ['classes'], a.load);
    now = 1_000;
    await cache.read('a', ['classes'], a.load);
    now = 2_001;
    expect(await cache.read('a', ['classes'], a.load)).toEqual({ n: 2 });
  });

  it('holds at most maxBytes of JSON, forgetting the least recently used first', async () => {
    const cache = listening({ maxBytes: 800 });
    const value = (tag: string) => async () => ({ tag, pad: 'x'.repeat(70) }); // 90 characters of JSON
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) await cache.read(key, ['classes'], value(key));
    expect(cache.storedBytes).toBe(720);
    await cache.read('a', ['classes'], value('a')); // used: now the most recent
    await cache.read('i', ['classes'], value('i')); // 810 > 800: b goes
    expect(cache.size).toBe(8);
    expect(cache.storedBytes).toBeLessThanOrEqual(800);
    const again = counter();
    expect(await cache.read('a', ['classes'], again.load)).toMatchObject({ tag: 'a' });
    expect(await cache.read('b', ['classes'], again.load)).toEqual({ n: 1 });
    // An answer larger than an eighth of the whole is never kept.
    const big = counter();
    const bigLoad = async () => ({ ...(await big.load()), pad: 'x'.repeat(200) });
    await cache.read('big', ['classes'], bigLoad);
    await cache.read('big', ['classes'], bigLoad);
    expect(big.calls()).toBe(2);
  });

  it('keeps nothing with no memory for it (READ_CACHE_MB=0)', async () => {
    const cache = listening({ maxBytes: 0 });
    const a = counter();
    await cache.read('a', ['classes'], a.load);
    await cache.read('a', ['classes'], a.load);
    expect(a.calls()).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('gives out frozen values with their JSON, so no caller can change a later answer', async () => {
    const cache = listening();
    const value = await cache.read('a', ['classes'], async () => ({ list: [{ title: 'T' }] }));
    expect(jsonOf(value)?.bytes.toString()).toBe('{"list":[{"title":"T"}]}');
    expect(() => {
      (value.list[0] as { title: string }).title = 'changed';
    }).toThrow(TypeError);
    expect(jsonOf({ list: [] })).toBeUndefined();
  });

  it('keeps ready the JSON of the part that is sent, when only a part of the value is', async () => {
    const cache = listening();
    const page = await cache.read(
      'p',
      ['community_posts'],
      async () => ({ items: [1, 2], nextCursor: 'c' }),
      (v) => v.items,
    );
    expect(jsonOf(page.items)?.bytes.toString()).toBe('[1,2]');
    expect(jsonOf(page)).toBeUndefined();
    expect(cache.storedBytes).toBe(5);
  });
});

describe('applyDataChange', () => {
  it('forgets what was read from the table named; anything it cannot read forgets everything', async () => {
    const cache = listening();
    const a = counter();
    const b = counter();
    await cache.read('a', ['classes'], a.load);
    await cache.read('b', ['post_likes'], b.load);
    applyDataChange(cache, 'classes');
    expect(cache.size).toBe(1);
    applyDataChange(cache, 'something new');
    expect(cache.size).toBe(0);
    await cache.read('b', ['post_likes'], b.load);
    applyDataChange(cache, undefined);
    expect(cache.size).toBe(0);
  });
});
