import { HttpError } from '../http/errors.js';

// Decoding a picture costs a share of a core and tens of megabytes for a moment. sharp already does it
// on libuv's thread pool, off the thread that serves requests, but that pool is small (4 threads) and
// shared with file reads and writes: unbounded, a burst of uploads would take all of it and the memory
// with it. Here at most `threads` pictures are worked on at once and at most `queueMax` wait; past that
// an upload gets 503 with Retry-After at once. Work whose client has gone is dropped before it starts.

export interface ImagePoolOptions {
  threads: number;
  queueMax: number;
  /** The message of the 503 when the queue is full. */
  busyMessage: string;
}

export interface ImagePoolStats {
  /** Work running now. */
  running: number;
  /** Work waiting for a free slot. */
  waiting: number;
  /** Work started since the pool was made. */
  started: number;
  /** The most that ever ran at once. */
  peak: number;
}

interface Waiting {
  start: () => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

export class ImagePool {
  private running = 0;
  private started = 0;
  private peak = 0;
  private readonly queue: Waiting[] = [];

  constructor(private readonly options: ImagePoolOptions) {}

  get stats(): ImagePoolStats {
    return { running: this.running, waiting: this.queue.length, started: this.started, peak: this.peak };
  }

  /**
   * Runs `work` once a slot is free. Rejects with 503 when `queueMax` already wait, and with the signal's
   * reason when it aborts before the work starts (the work then never runs).
   */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (this.running >= this.options.threads) await this.wait(signal);
    else this.running += 1;
    this.started += 1;
    this.peak = Math.max(this.peak, this.running);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private wait(signal: AbortSignal | undefined): Promise<void> {
    if (this.queue.length >= this.options.queueMax) {
      throw new HttpError(503, this.options.busyMessage, undefined, { 'Retry-After': '5' });
    }
    return new Promise<void>((resolve, reject) => {
      const entry: Waiting = {
        signal,
        // The slot passes straight from the work that ends to this one (running is not lowered).
        start: () => {
          signal?.removeEventListener('abort', entry.onAbort);
          resolve();
        },
        onAbort: () => {
          const at = this.queue.indexOf(entry);
          if (at >= 0) this.queue.splice(at, 1);
          reject(signal?.reason);
        },
      };
      signal?.addEventListener('abort', entry.onAbort, { once: true });
      this.queue.push(entry);
    });
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next.start();
    else this.running -= 1;
  }
}
