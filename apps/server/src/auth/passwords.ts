import { performance } from 'node:perf_hooks';
import { LIMITS, MESSAGES, passwordBytes } from '@mentora/contract';
import bcrypt from 'bcryptjs';
import { Piscina } from 'piscina';
import { HttpError } from '../http/errors.js';

/** One hash on the calling thread, for one-off work (the first admin, the command line, seeding). */
export function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(password, cost);
}

/** Hashes and checks passwords for requests, off the main thread (startPasswordHasher). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password, and for an unknown account (`hash` undefined) after as long a wait. */
  verify(password: string, hash: string | undefined): Promise<boolean>;
  /** Milliseconds one hash takes at the configured cost on one thread, measured at start. */
  readonly hashMs: number;
  readonly queueMax: number;
  /** Throws the 503 a hash would get now: lets a sign-in be turned away before it reads the database. */
  refuseWhenBusy(): void;
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

/**
 * bcrypt at cost 12 takes a core for a quarter of a second: on the main thread a burst of logins held
 * up every request, and each sign-in queued behind all the others. Here it runs in a pool of worker
 * threads (piscina), one hash per thread at a time, and the queue holds only a few seconds of work:
 * past that a request gets 503 with Retry-After at once instead of a long wait, and a newcomer's
 * sign-in waits behind at most that much.
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

  const refuseWhenBusy = () => {
    if (pool.queueSize < queueMax) return;
    const seconds = Math.max(1, Math.ceil((pool.queueSize * hashMs) / options.threads / 1000));
    throw new HttpError(503, MESSAGES.server.passwordsBusy, undefined, { 'Retry-After': String(seconds) });
  };
  const run = async <T>(name: 'hash' | 'compare', task: object): Promise<T> => {
    refuseWhenBusy();
    return pool.run(task, { name });
  };

  return {
    hashMs,
    queueMax,
    refuseWhenBusy,
    hash: (password) => run<string>('hash', { password, cost: options.cost }),
    verify: async (password, hash) => {
      // bcrypt would read only the first 72 bytes, so a long guess sharing them with the real password
      // would pass: it never matches. New passwords cannot be that long (passwordSchema); an account
      // made before that rule resets its password.
      if (passwordBytes(password) > LIMITS.password.maxBytes) return false;
      const ok = await run<boolean>('compare', { password, hash: hash ?? dummyHash });
      return hash !== undefined && ok;
    },
    close: () => pool.destroy(),
  };
}
