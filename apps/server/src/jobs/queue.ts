import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, Queryable, Tx } from '../db/client.js';
import { type JobRow, jobs } from '../db/schema.js';
import { isDatabaseUnavailable } from '../http/errors.js';
import { describeError } from '../logger.js';

// The one background job queue (DESIGN.md): a `jobs` table that every server process polls with
// `SELECT … FOR UPDATE SKIP LOCKED`, which PostgreSQL and the embedded PGlite both understand.
//
// - A job is enqueued inside the caller's transaction, so it exists exactly when the caller's write does.
// - A job with a key replaces the pending job of that key (a moved session's reminder) and can be dropped
//   by it (a cancelled session's).
// - A worker claims one due job at a time, locked, and runs its handler in that same transaction: the
//   handler's database writes and the job's removal commit together, and no other process can claim the
//   job meanwhile, so those writes happen once. What must leave the database (live events, mail) goes in
//   the handler's returned `afterCommit`, which runs only once the job is done: at most once.
// - A handler that throws is rolled back (a savepoint) and the job retried later, with back-off; after
//   MAX_ATTEMPTS it stays in the table with failed_at and its last error, and is logged.
// - Jobs live in the database, so they outlast restarts: one that came due while no server ran is run
//   by the first poll after start.

/** A job's kind names its handler; the payload is JSON. */
export interface Job<P = Record<string, unknown>> {
  id: string;
  kind: string;
  payload: P;
  /** Failed runs so far: 0 on the first. */
  attempts: number;
}

export interface JobRun {
  /** The transaction that removes the job: write through it. */
  tx: Tx;
  /** The time the run is for (runDue's `now`): handlers judge "too late" by it, not by the clock. */
  now: Date;
}

/** Does a job's work; may return what to do once its transaction has committed. */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler with nothing to do after commit returns nothing
export type JobHandler<P = Record<string, unknown>> = (job: Job<P>, run: JobRun) => Promise<AfterCommit | void>;
type AfterCommit = () => Promise<void>;

/**
 * Decides, before each poll's jobs run, what has become due and enqueues it: the notification mail
 * sweep and the daily digests. Given the poll's `now`, so that tests can move time.
 */
export type JobProducer = (db: Db, now: Date) => Promise<void>;

export interface EnqueueOptions {
  /** When to run it (default now). */
  runAt?: Date;
  /** A name for the job, unique in the queue: enqueueing again under it replaces the pending job. */
  key?: string;
}

/** A job fails for good after this many runs that threw. */
export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 3_600_000;
const POLL_MS = 5_000;

/** How long to wait before the next run of a job that has failed `attempts` times: 30 s, 1 min, 2 min, … 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS);
}

/** Adds a job, in the caller's transaction. Under an existing key, the pending job becomes this one. */
export async function enqueue(
  db: Queryable,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<void> {
  const runAt = options.runAt ?? new Date();
  const values = { kind, payload, runAt, key: options.key ?? null };
  if (options.key === undefined) {
    await db.insert(jobs).values(values);
    return;
  }
  await db
    .insert(jobs)
    .values(values)
    .onConflictDoUpdate({
      target: jobs.key,
      set: { kind, payload, runAt, attempts: 0, lastError: null, failedAt: null },
    });
}

/** Drops the pending job of a key, if any, in the caller's transaction. */
export async function dropJob(db: Queryable, key: string): Promise<void> {
  await db.delete(jobs).where(eq(jobs.key, key));
}

/** The workers of one process: `start` polls in the background, `runDue` runs what is due now (tests call it). */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly producers = new Map<string, JobProducer>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  /** Set by stop: a shutdown waits for the job under way, not for every job that is due. */
  private stopping = false;
  /** The last poll failed: the next failures are not logged again until one succeeds. */
  private pollFailing = false;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  /** Names who runs jobs of a kind; its payload type is the one its enqueuers write. */
  handle<P>(kind: string, handler: JobHandler<P>): void {
    this.handlers.set(kind, handler as unknown as JobHandler);
  }

  /** Names what enqueues jobs of its own accord (see JobProducer). */
  produce(name: string, producer: JobProducer): void {
    this.producers.set(name, producer);
  }

  /**
   * Lets each producer enqueue what is due at `now`, then runs every job due, one at a time, until none
   * is left; resolves with how many ran (failed ones included).
   */
  async runDue(now: Date = new Date()): Promise<number> {
    for (const [name, producer] of this.producers) {
      // One producer failing (the database went away) must not keep the others' jobs from running.
      await producer(this.db, now).catch((error: unknown) => {
        // While the database is away every poll fails alike: the poll says so once (start), not each producer.
        if (isDatabaseUnavailable(error)) throw error;
        this.logger.error({ err: error, producer: name }, 'a job producer failed');
      });
    }
    let ran = 0;
    while (!this.stopping && (await this.runOne(now))) ran += 1;
    return ran;
  }

  /** Polls at once (a job that came due while the server was down) and then every few seconds. */
  start(pollMs = POLL_MS): void {
    if (this.timer) return;
    this.stopping = false;
    const poll = () => {
      this.running = this.runDue()
        .then(() => {
          if (this.pollFailing) this.logger.info('the job queue polls again');
          this.pollFailing = false;
        })
        .catch((error: unknown) => {
          // Once per outage, not every few seconds while the database is away.
          if (!this.pollFailing) this.logger.error({ err: error }, 'the job queue could not poll');
          this.pollFailing = true;
        })
        .finally(() => {
          if (this.timer) this.timer = setTimeout(poll, pollMs);
        });
    };
    this.timer = setTimeout(poll, 0);
  }

  /** Stops polling and waits for the job under way, if any. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Claims the next due job and runs it; false when none is due (or all due ones are being run elsewhere). */
  private async runOne(now: Date): Promise<boolean> {
    const outcome = await this.db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(jobs)
        .where(and(lte(jobs.runAt, now), isNull(jobs.failedAt)))
        .orderBy(asc(jobs.runAt), asc(jobs.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return undefined;
      try {
        // A savepoint: when the handler throws, its writes go and the job's new attempt count stays.
        const afterCommit = await tx.transaction((inner) => this.run(job, { tx: inner, now }));
        await tx.delete(jobs).where(eq(jobs.id, job.id));
        return { afterCommit };
      } catch (error) {
        await this.failed(tx, job, error, now);
        return {};
      }
    });
    if (!outcome) return false;
    await outcome.afterCommit?.().catch((error: unknown) => this.logger.error({ err: error }, 'after a job'));
    return true;
  }

  private async run(job: JobRow, run: JobRun): Promise<AfterCommit | undefined> {
    const handler = this.handlers.get(job.kind);
    if (!handler) throw new Error(`no handler for jobs of kind "${job.kind}"`);
    return (
      (await handler({ id: job.id, kind: job.kind, payload: job.payload, attempts: job.attempts }, run)) ?? undefined
    );
  }

  private async failed(tx: Tx, job: JobRow, error: unknown, now: Date): Promise<void> {
    const attempts = job.attempts + 1;
    const lastError = describeError(error);
    const givenUp = attempts >= MAX_ATTEMPTS;
    await tx
      .update(jobs)
      .set({
        attempts,
        lastError,
        runAt: new Date(now.getTime() + retryDelayMs(attempts)),
        failedAt: givenUp ? now : null,
      })
      .where(eq(jobs.id, job.id));
    const where = { job: { id: job.id, kind: job.kind, attempts }, err: error };
    if (givenUp) this.logger.error(where, `a job failed ${attempts} times and will not be run again`);
    else this.logger.warn(where, 'a job failed and will be run again later');
  }
}

/** For tests and operators: how many jobs wait, and how many have failed for good. */
export async function jobCounts(db: Queryable): Promise<{ pending: number; failed: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${jobs.failedAt} is null)::int`,
      failed: sql<number>`count(*) filter (where ${jobs.failedAt} is not null)::int`,
    })
    .from(jobs);
  return { pending: row?.pending ?? 0, failed: row?.failed ?? 0 };
}
