import { describe, expect, it } from 'vitest';
import { writeBatcher, writeBatcherPerHandle } from './writeBatcher.js';

/** A write whose groups wait until released, recording each group it was given. */
function heldWrites(answer: (item: number) => string = (item) => `done ${item}`) {
  const groups: number[][] = [];
  const releases: (() => void)[] = [];
  const write = async (items: number[]) => {
    groups.push(items);
    await new Promise<void>((resolve) => releases.push(resolve));
    return items.map(answer);
  };
  return { write, groups, release: (i: number) => releases[i]?.() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('writeBatcher', () => {
  it('writes a lone item at once, in a group of its own', async () => {
    const w = heldWrites();
    const add = writeBatcher(w.write);
    const result = add(1);
    expect(w.groups).toEqual([[1]]);
    w.release(0);
    expect(await result).toBe('done 1');
  });

  it('groups, in arrival order, what comes while the groups in flight are written', async () => {
    const w = heldWrites();
    const add = writeBatcher(w.write, { maxInFlight: 2 });
    const results = [1, 2, 3, 4, 5].map(add);
    // Two in flight alone; the other three wait and then go together.
    expect(w.groups).toEqual([[1], [2]]);
    w.release(1);
    await tick();
    expect(w.groups).toEqual([[1], [2], [3, 4, 5]]);
    w.release(0);
    w.release(2);
    expect(await Promise.all(results)).toEqual(['done 1', 'done 2', 'done 3', 'done 4', 'done 5']);
  });

  it('keeps groups to maxGroup items', async () => {
    const w = heldWrites();
    const add = writeBatcher(w.write, { maxInFlight: 1, maxGroup: 2 });
    const results = [1, 2, 3, 4, 5, 6].map(add);
    for (let i = 0; i < 4; i++) {
      w.release(i);
      await tick();
    }
    await Promise.all(results);
    expect(w.groups).toEqual([[1], [2, 3], [4, 5], [6]]);
  });

  it('never puts two items with the same key in one group', async () => {
    const w = heldWrites();
    const add = writeBatcher(w.write, { maxInFlight: 1, keyOf: (item) => String(item % 10) });
    const results = [1, 2, 11, 3, 21, 12, 4].map(add);
    for (let i = 0; i < 4; i++) {
      w.release(i);
      await tick();
    }
    await Promise.all(results);
    expect(w.groups).toEqual([[1], [2, 11, 3, 4], [21, 12]]);
  });

  it('writes each item of a failed group alone: only the bad one fails, none is lost', async () => {
    const written: number[] = [];
    let calls = 0;
    const add = writeBatcher(
      async (items: number[]) => {
        calls += 1;
        await tick();
        if (items.includes(13)) throw new Error('bad item');
        written.push(...items);
        return items.map((item) => item * 10);
      },
      { maxInFlight: 1, retryAlone: (error) => error instanceof Error && error.message === 'bad item' },
    );
    const results = await Promise.allSettled([1, 2, 13, 4].map(add));
    expect(results).toEqual([
      { status: 'fulfilled', value: 10 },
      { status: 'fulfilled', value: 20 },
      { status: 'rejected', reason: new Error('bad item') },
      { status: 'fulfilled', value: 40 },
    ]);
    // [1] alone, then [2, 13, 4] failed, then 2, 13 (failed again) and 4 alone.
    expect(calls).toBe(5);
    expect(written.sort()).toEqual([1, 2, 4]);
  });

  it('fails every item of a group whose write may have written (retryAlone false), never writing it again', async () => {
    let calls = 0;
    const add = writeBatcher(
      async (items: number[]) => {
        calls += 1;
        await tick();
        if (items.length > 1) throw new Error('connection lost');
        return items;
      },
      { maxInFlight: 1, retryAlone: (error) => error instanceof Error && error.message === 'bad item' },
    );
    const results = await Promise.allSettled([1, 2, 3].map(add));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(calls).toBe(2);
  });

  it('fails a group whose write answers a different number of results, never writing it again', async () => {
    const groups: number[][] = [];
    const add = writeBatcher(
      async (items: number[]) => {
        groups.push(items);
        await tick();
        return items.length === 2 ? ['one answer'] : items.map(String);
      },
      { maxInFlight: 1 },
    );
    const results = await Promise.allSettled([1, 2, 3].map(add));
    expect(results).toEqual([
      { status: 'fulfilled', value: '1' },
      { status: 'rejected', reason: new Error('writeBatcher: 1 results for 2 items') },
      { status: 'rejected', reason: new Error('writeBatcher: 1 results for 2 items') },
    ]);
    expect(groups).toEqual([[1], [2, 3]]);
    expect(await add(4)).toBe('4');
  });

  it('per handle: groups never mix two handles, and each handle groups its own', async () => {
    const groups: string[][] = [];
    const add = writeBatcherPerHandle(
      async (handle: { name: string }, items: number[]) => {
        groups.push(items.map((item) => `${handle.name}${item}`));
        await tick();
        return items;
      },
      { maxInFlight: 1 },
    );
    const a = { name: 'a' };
    const b = { name: 'b' };
    await Promise.all([add(a, 1), add(b, 1), add(a, 2), add(b, 2), add(a, 3)]);
    expect(groups).toEqual([['a1'], ['b1'], ['a2', 'a3'], ['b2']]);
  });
});
