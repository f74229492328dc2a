import { performance } from 'node:perf_hooks';
import { LIMITS, MESSAGES, passwordBytes } from '@mentora/contract';
import bcrypt from 'bcryptjs';
import { Piscina } from 'piscina';
import { HttpError } from '../http/errors.js';

/** One hash on the calling thread, for one-off work (the first admin, the command line, seeding). */
export function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(password, cost);
}

/**
 * Who a hash is done for: the client's address for sign-in, registration and reset (http/rateLimit.ts
 * addressKey), the account for a signed-in check. Each party holds at most its share of the queue.
 */
export type Party = string;

/** Hashes and checks passwords for requests, off the main thread (startPasswordHasher). */
export interface PasswordHasher {
  hash(password: string, party: Party): Promise<string>;
  /** False for a wrong password, and for an unknown account (`hash` undefined) after as long a wait. */
  verify(password: string, hash: string | undefined, party: Party): Promise<boolean>;
  /** Milliseconds one hash takes at the configured cost on one thread, measured at start. */
  readonly hashMs: number;
  readonly queueMax: number;
  /** Throws the 503 a hash for `party` would get now: lets a sign-in be turned away before it reads the database. */
  refuseWhenBusy(party: Party): void;
  close(): Promise<void>;
}

export interface PasswordHasherOptions {
  cost: number;
  threads: number;
  /** Waiting hashes beyond which requests are turned away with 503; by default about QUEUE_SECONDS of work. */
  queueMax?: number;
}

/** How much waiting work the queue may hold before it sheds: a sign-in should not wait longer. */
const QUEUE_SECONDS = 3;

type TaskName = 'hash' | 'compare';
interface Waiting {
  name: TaskName;
  task: object;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * The hashes waiting for a thread, one line per party, served in turn. With one shared line, forty wrong
 * sign-ins from one address filled it and the next sign-in from anywhere got 503. Here a party may hold
 * its share of the queue, `queueMax` divided among the parties waiting (at least one each): a newcomer
 * always has room, waits behind one hash of each other party rather than the whole flood, and it is the
 * flooding party that is shed. Past twice `queueMax` in all (many addresses at once), everyone is shed.
 */
export class FairQueue {
  private readonly lines = new Map<Party, Waiting[]>();
  private waiting = 0;
  private running = 0;

  constructor(
    private readonly start: (name: TaskName, task: object) => Promise<unknown>,
    private readonly threads: number,
    private readonly queueMax: number,
  ) {}

  /** Hashes waiting for a thread (not those running), all parties together. */
  get size(): number {
    return this.waiting;
  }

  /** Whether `party` may add a hash now. */
  admits(party: Party): boolean {
    if (this.waiting >= 2 * this.queueMax) return false;
    const mine = this.lines.get(party)?.length ?? 0;
    const parties = this.lines.size + (mine === 0 ? 1 : 0);
    return mine < Math.max(1, Math.floor(this.queueMax / parties));
  }

  run<T>(party: Party, name: TaskName, task: object): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const line = this.lines.get(party);
      const waiting: Waiting = { name, task, resolve: resolve as (value: unknown) => void, reject };
      if (line) line.push(waiting);
      else this.lines.set(party, [waiting]);
      this.waiting += 1;
      this.next();
    });
  }

  /** Rejects every waiting hash (the hasher is closing: no thread will take them). */
  drop(error: Error): void {
    for (const line of this.lines.values()) for (const job of line) job.reject(error);
    this.lines.clear();
    this.waiting = 0;
  }

  private next(): void {
    while (this.running < this.threads) {
      // A Map keeps insertion order: the first line is the one served longest ago; it goes to the back.
      const first = this.lines.entries().next();
      if (first.done) return;
      const [party, line] = first.value;
      const job = line.shift() as Waiting;
      this.lines.delete(party);
      if (line.length > 0) this.lines.set(party, line);
      this.waiting -= 1;
      this.running += 1;
      this.start(job.name, job.task)
        .then(job.resolve, job.reject)
        .finally(() => {
          this.running -= 1;
          this.next();
        });
    }
  }
}

/**
 * bcrypt at cost 12 takes a core for a quarter of a second: on the main thread a burst of logins held
 * up every request, and each sign-in queued behind all the others. Here it runs in a pool of worker
 * threads (piscina), one hash per thread at a time, and the queue holds only a few seconds of work,
 * shared fairly between parties (FairQueue): past a party's share it gets 503 with Retry-After at once
 * instead of a long wait, and a newcomer's sign-in waits behind one hash of each party at most.
 */
export async function startPasswordHasher(options: PasswordHasherOptions): Promise<PasswordHasher> {
  const pool = new Piscina({
    filename: new URL('./passwordWorker.js', import.meta.url).href,
    minThreads: options.threads,
    maxThreads: options.threads,
  });
  // Compared against when the email is unknown, so a wrong email costs as long as a wrong password;
  // comparing with it once more measures a hash on a thread that is warm.
  const dummyHash: string = await pool.run({ password: 'not-a-real-password', cost: options.cost }, { name: 'hash' });
  const started = performance.now();
  await pool.run({ password: 'not-the-password', hash: dummyHash }, { name: 'compare' });
  const hashMs = Math.max(performance.now() - started, 1);
  const queueMax =
    options.queueMax ?? Math.max(options.threads, Math.floor((QUEUE_SECONDS * 1000 * options.threads) / hashMs));
  // The pool is given no more than a task per thread, so its own queue stays empty: the waiting is ours.
  const queue = new FairQueue((name, task) => pool.run(task, { name }), options.threads, queueMax);

  const refuseWhenBusy = (party: Party) => {
    if (queue.admits(party)) return;
    const seconds = Math.max(1, Math.ceil((queue.size * hashMs) / options.threads / 1000));
    throw new HttpError(503, MESSAGES.server.passwordsBusy, undefined, { 'Retry-After': String(seconds) });
  };
  const run = async <T>(party: Party, name: TaskName, task: object): Promise<T> => {
    refuseWhenBusy(party);
    return queue.run<T>(party, name, task);
  };

  return {
    hashMs,
    queueMax,
    refuseWhenBusy,
    hash: (password, party) => run<string>(party, 'hash', { password, cost: options.cost }),
    verify: async (password, hash, party) => {
      // bcrypt would read only the first 72 bytes, so a long guess sharing them with the real password
      // would pass: it never matches. New passwords cannot be that long (passwordSchema); an account
      // made before that rule resets its password.
      if (passwordBytes(password) > LIMITS.password.maxBytes) return false;
      const ok = await run<boolean>(party, 'compare', { password, hash: hash ?? dummyHash });
      return hash !== undefined && ok;
    },
    close: () => {
      queue.drop(new Error('the password hasher is closed'));
      return pool.destroy();
    },
  };
}
