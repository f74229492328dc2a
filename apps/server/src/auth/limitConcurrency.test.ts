import { describe, expect, it } from 'vitest';
import { limitConcurrency } from './limitConcurrency.js';

/** A task that runs until the test ends it, recording when it starts. */
function controlled(started: string[], name: string) {
  let finish: (value: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const task = () => {
    started.push(name);
    return new Promise<string>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { task, finish: (value = name) => finish(value), fail: (error: Error) => fail(error) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('limitConcurrency', () => {
  it('runs no more than the limit at once, the rest in arrival order, each with its own result', async () => {
    const run = limitConcurrency(2);
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => controlled(started, name)) as [
      ReturnType<typeof controlled>,
      ReturnType<typeof controlled>,
      ReturnType<typeof controlled>,
      ReturnType<typeof controlled>,
    ];
    const results = [run(a.task), run(b.task), run(c.task), run(d.task)];
    await tick();
    expect(started).toEqual(['a', 'b']);
    b.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    a.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    c.finish();
    d.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('frees the place of a task that fails, and passes its error on', async () => {
    const run = limitConcurrency(1);
    const started: string[] = [];
    const first = controlled(started, 'first');
    const second = controlled(started, 'second');
    const failing = run(first.task);
    const next = run(second.task);
    await tick();
    expect(started).toEqual(['first']);
    first.fail(new Error('boom'));
    await expect(failing).rejects.toThrow('boom');
    await tick();
    expect(started).toEqual(['first', 'second']);
    second.finish();
    expect(await next).toBe('second');
    // With nothing waiting, a new task starts at once.
    const third = controlled(started, 'third');
    const last = run(third.task);
    await tick();
    expect(started.at(-1)).toBe('third');
    third.finish();
    expect(await last).toBe('third');
  });
});
