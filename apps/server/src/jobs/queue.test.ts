import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer, usingPostgres } from '../../test/harness.js';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema.js';
import { createLogger } from '../logger.js';
import { dropJob, enqueue, type Job, JobQueue, jobCounts, MAX_ATTEMPTS, retryDelayMs } from './queue.js';

// The job queue on a real database: PGlite by default, PostgreSQL with DATABASE_URL, where a second test
// server on the same database stands for a second process.

let t: TestServer;
let other: TestServer | undefined;
beforeAll(async () => {
  t = await startTestServer();
  if (usingPostgres()) other = await startTestServer({ databaseUrl: t.ctx.config.databaseUrl as string });
});
afterAll(async () => {
  await other?.close();
  await t.close();
});
beforeEach(async () => {
  await t.ctx.db.delete(jobs);
});

const MINUTE = 60_000;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

/** A queue on a database whose `echo` jobs note their payload's `n` in `ran`, once each job commits. */
function echoQueue(db = t.ctx.db, ran: number[] = []) {
  const queue = new JobQueue(db, t.ctx.logger);
  queue.handle('echo', async (job: Job<{ n: number }>) => () => {
    ran.push(job.payload.n);
    return Promise.resolve();
  });
  return { queue, ran };
}

describe('enqueue', () => {
  it('adds a job with the caller’s transaction: none when it rolls back', async () => {
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await enqueue(tx, 'echo', { n: 1 });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await jobCounts(t.ctx.db)).toEqual({ pending: 0, failed: 0 });
    await t.ctx.db.transaction((tx) => enqueue(tx, 'echo', { n: 2 }));
    expect(await jobCounts(t.ctx.db)).toEqual({ pending: 1, failed: 0 });
  });

  it('under a key replaces the pending job, and dropJob removes it', async () => {
    const now = new Date();
    const { queue, ran } = echoQueue();
    await enqueue(t.ctx.db, 'echo', { n: 1 }, { key: 'k', runAt: at(now, 10 * MINUTE) });
    await enqueue(t.ctx.db, 'echo', { n: 2 }, { key: 'k', runAt: at(now, 20 * MINUTE) });
    expect(await jobCounts(t.ctx.db)).toEqual({ pending: 1, failed: 0 });
    expect(await queue.runDue(at(now, 15 * MINUTE))).toBe(0);
    expect(await queue.runDue(at(now, 20 * MINUTE))).toBe(1);
    expect(ran).toEqual([2]);

    await enqueue(t.ctx.db, 'echo', { n: 3 }, { key: 'k', runAt: now });
    await dropJob(t.ctx.db, 'k');
    expect(await queue.runDue(at(now, 60 * MINUTE))).toBe(0);
    expect(ran).toEqual([2]);
  });
});

describe('runDue', () => {
  it('runs the jobs due by then, soonest first, each once, and leaves the later ones', async () => {
    const now = new Date();
    const { queue, ran } = echoQueue();
    for (const [n, minutes] of [
      [1, 5],
      [2, -5],
      [3, 30],
      [4, 0],
    ] as const) {
      await enqueue(t.ctx.db, 'echo', { n }, { runAt: at(now, minutes * MINUTE) });
    }
    expect(await queue.runDue(now)).toBe(2);
    expect(ran).toEqual([2, 4]);
    expect(await queue.runDue(at(now, 10 * MINUTE))).toBe(1);
    expect(await queue.runDue(at(now, 10 * MINUTE))).toBe(0);
    expect(ran).toEqual([2, 4, 1]);
    expect(await jobCounts(t.ctx.db)).toEqual({ pending: 1, failed: 0 });
  });

  it('retries a job whose handler throws, with back-off, and undoes what its failed runs wrote', async () => {
    const now = new Date();
    const queue = new JobQueue(t.ctx.db, t.ctx.logger);
    let failuresLeft = 2;
    const runs: number[] = [];
    queue.handle('flaky', async (job, { tx }) => {
      runs.push(job.attempts);
      // A write of the run: it must go with a failed run, and stay with the one that succeeds.
      await enqueue(tx, 'follow-up', { attempt: job.attempts }, { runAt: at(now, 24 * 60 * MINUTE) });
      if (failuresLeft-- > 0) throw new Error('the mail server is down');
    });
    // Due at `now` itself: enqueued without a time it would be due a millisecond or so later.
    await enqueue(t.ctx.db, 'flaky', {}, { runAt: now });

    expect(await queue.runDue(now)).toBe(1);
    const [afterOne] = await t.ctx.db.select().from(jobs);
    expect(afterOne).toMatchObject({ kind: 'flaky', attempts: 1, lastError: expect.stringMatching(/mail server/) });
    expect(afterOne?.runAt).toEqual(at(now, retryDelayMs(1)));
    expect(retryDelayMs(1)).toBe(30_000);

    // Not before its time; then once more (failing), then a minute later successfully.
    expect(await queue.runDue(at(now, retryDelayMs(1) - 1))).toBe(0);
    expect(await queue.runDue(at(now, retryDelayMs(1)))).toBe(1);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(await queue.runDue(at(now, retryDelayMs(1) + retryDelayMs(2)))).toBe(1);
    expect(runs).toEqual([0, 1, 2]);

    const left = await t.ctx.db.select().from(jobs);
    expect(left.map((j) => [j.kind, j.payload])).toEqual([['follow-up', { attempt: 2 }]]);
  });

  it('gives a job up after MAX_ATTEMPTS failures (a kind without a handler too), keeping it with its error', async () => {
    const queue = new JobQueue(t.ctx.db, t.ctx.logger);
    queue.handle('broken', async () => {
      throw new Error('always');
    });
    await enqueue(t.ctx.db, 'broken', {});
    await enqueue(t.ctx.db, 'unknown-kind', {});
    let when = new Date();
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      expect(await queue.runDue(when)).toBe(2);
      when = at(when, retryDelayMs(MAX_ATTEMPTS));
    }
    expect(await queue.runDue(at(when, 24 * 60 * MINUTE))).toBe(0);
    const [broken] = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'broken'));
    expect(broken).toMatchObject({ attempts: MAX_ATTEMPTS, lastError: expect.stringMatching(/always/) });
    expect(broken?.failedAt).toBeInstanceOf(Date);
    const [unknown] = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'unknown-kind'));
    expect(unknown?.lastError).toMatch(/no handler for jobs of kind "unknown-kind"/);
    expect(await jobCounts(t.ctx.db)).toEqual({ pending: 0, failed: 2 });
    expect(retryDelayMs(MAX_ATTEMPTS)).toBe(3_600_000);
  });

  it('runs each job once when several workers race for them (two processes on PostgreSQL)', async () => {
    const now = new Date();
    const ran: number[] = [];
    const a = echoQueue(t.ctx.db, ran).queue;
    const b = echoQueue(other?.ctx.db ?? t.ctx.db, ran).queue;
    const total = 40;
    for (let n = 0; n < total; n++) await enqueue(t.ctx.db, 'echo', { n }, { runAt: now });
    const counts = await Promise.all([a.runDue(now), b.runDue(now), a.runDue(now), b.runDue(now)]);
    expect(counts.reduce((sum, c) => sum + c, 0)).toBe(total);
    expect([...ran].sort((x, y) => x - y)).toEqual([...Array(total).keys()]);
    expect(await jobCounts(t.ctx.db)).toEqual({ pending: 0, failed: 0 });
  });
});

describe('start and stop', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls at once when started, so a job that came due while no server ran is run at start', async () => {
    await enqueue(t.ctx.db, 'echo', { n: 7 }, { runAt: at(new Date(), -60 * MINUTE) });
    const { queue, ran } = echoQueue();
    queue.start(50);
    try {
      await expect.poll(() => ran, { timeout: 10_000 }).toEqual([7]);
      // Still polling: a job enqueued now is picked up by the next round.
      await enqueue(t.ctx.db, 'echo', { n: 8 });
      await expect.poll(() => ran, { timeout: 10_000 }).toEqual([7, 8]);
    } finally {
      await queue.stop();
    }
  });

  it('polls every interval until stopped, and never after', async () => {
    // Only what a poll asks of the database: a transaction that finds no job. The queue's timers are
    // fake, moved on by the test.
    let polls = 0;
    const db = {
      transaction: async () => {
        polls += 1;
        return undefined;
      },
    } as unknown as Db;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const queue = new JobQueue(db, t.ctx.logger);
    queue.start(50);
    await vi.advanceTimersByTimeAsync(0);
    expect(polls).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(polls).toBe(3);
    await queue.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(polls).toBe(3);
  });

  it('stops after the job under way, leaving the other due jobs for the next start', async () => {
    const queue = new JobQueue(t.ctx.db, t.ctx.logger);
    const ran: number[] = [];
    let entered = () => {};
    const inFirst = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    queue.handle('slow', async (job: Job<{ n: number }>) => {
      entered();
      await gate;
      ran.push(job.payload.n);
    });
    // Distinct times: jobs due at the same millisecond are taken in no promised order.
    const now = new Date();
    for (const n of [1, 2, 3]) await enqueue(t.ctx.db, 'slow', { n }, { runAt: at(now, n - 10) });
    queue.start(50);
    await inFirst;
    const stopped = queue.stop();
    release();
    await stopped;
    expect(ran).toEqual([1]);
    expect(await jobCounts(t.ctx.db)).toEqual({ pending: 2, failed: 0 });
  });
});

describe('a database outage', () => {
  it('is logged once when polling starts to fail, and once when it works again', async () => {
    const lines: { level: number; msg: string }[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk) => {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    });
    let down = true;
    // Only what a poll asks of the database: a transaction that finds no job, or a refused connection.
    const db = {
      transaction: async () => {
        if (down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        return undefined;
      },
    } as unknown as Db;
    const queue = new JobQueue(db, createLogger('info', sink));
    let produced = 0;
    queue.produce('counting', async () => {
      produced += 1;
      if (down) throw Object.assign(new Error('Connection terminated unexpectedly'), {});
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    queue.start(5);
    await vi.advanceTimersByTimeAsync(100);
    const failures = lines.filter((line) => /could not poll|producer failed/.test(line.msg));
    expect(produced).toBeGreaterThan(3);
    expect(failures.map((line) => line.msg)).toEqual(['the job queue could not poll']);

    down = false;
    await vi.advanceTimersByTimeAsync(60);
    await queue.stop();
    vi.useRealTimers();
    expect(lines.filter((line) => line.msg === 'the job queue polls again')).toHaveLength(1);
    expect(lines.filter((line) => /could not poll/.test(line.msg))).toHaveLength(1);
  });
});
