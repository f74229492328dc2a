import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.js';
import { ImagePool } from './imagePool.js';

// The pool alone, with work that ends when the test says: never more than `threads` at once, a full
// queue refused with 503, and work whose signal aborts while it waits never runs.

function deferred() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ImagePool', () => {
  it('runs at most `threads` at once, the next as soon as one ends', async () => {
    const pool = new ImagePool({ threads: 2, queueMax: 8, busyMessage: 'busy' });
    const gates = [deferred(), deferred(), deferred(), deferred()];
    let inside = 0;
    let most = 0;
    const runs = gates.map((gate, i) =>
      pool.run(async () => {
        inside += 1;
        most = Math.max(most, inside);
        await gate.done;
        inside -= 1;
        return i;
      }),
    );
    await tick();
    expect(pool.stats).toMatchObject({ running: 2, waiting: 2, started: 2 });
    gates[0]?.finish();
    await tick();
    expect(pool.stats).toMatchObject({ running: 2, waiting: 1, started: 3 });
    for (const gate of gates) gate.finish();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(most).toBe(2);
    expect(pool.stats).toEqual({ running: 0, waiting: 0, started: 4, peak: 2 });
  });

  it('refuses with 503 and Retry-After once queueMax wait', async () => {
    const pool = new ImagePool({ threads: 1, queueMax: 1, busyMessage: 'busy' });
    const gate = deferred();
    const first = pool.run(() => gate.done);
    const second = pool.run(() => gate.done);
    const third = pool.run(() => gate.done).catch((error: unknown) => error);
    const refusal = await third;
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ status: 503, message: 'busy', headers: { 'Retry-After': '5' } });
    gate.finish();
    await Promise.all([first, second]);
    expect(pool.stats.started).toBe(2);
  });

  it('never starts work whose signal aborts before a slot is free, nor work already aborted', async () => {
    const pool = new ImagePool({ threads: 1, queueMax: 8, busyMessage: 'busy' });
    const gate = deferred();
    let ran = 0;
    const first = pool.run(() => gate.done);
    const abort = new AbortController();
    const waiting = pool
      .run(async () => {
        ran += 1;
      }, abort.signal)
      .catch((error: unknown) => error);
    await tick();
    expect(pool.stats.waiting).toBe(1);
    abort.abort(new Error('gone'));
    expect(await waiting).toMatchObject({ message: 'gone' });
    expect(pool.stats.waiting).toBe(0);
    await expect(
      pool.run(async () => {
        ran += 1;
      }, abort.signal),
    ).rejects.toThrow('gone');
    gate.finish();
    await first;
    expect(ran).toBe(0);
    expect(pool.stats).toEqual({ running: 0, waiting: 0, started: 1, peak: 1 });
  });

  it('frees the slot when the work fails', async () => {
    const pool = new ImagePool({ threads: 1, queueMax: 8, busyMessage: 'busy' });
    await expect(pool.run(() => Promise.reject(new Error('bad picture')))).rejects.toThrow('bad picture');
    expect(await pool.run(async () => 'next')).toBe('next');
    expect(pool.stats.running).toBe(0);
  });
});
