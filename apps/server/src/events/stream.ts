import type { LiveEventName } from '@mentora/contract';
import type { Response } from 'express';
import type { UserRow } from '../db/schema.js';
import type { Audience, LiveEvent } from './types.js';

/** What a stream asks of the process that holds it. */
export interface StreamHost {
  heartbeatMs: number;
  allows(user: UserRow, audience: Audience): Promise<boolean>;
  sessionAlive(sessionId: string): Promise<boolean>;
  reportError(error: unknown): void;
}

/** How long a browser waits before reconnecting after the stream ends (the SSE `retry:` hint). */
export const RETRY_MS = 3_000;
/** A client this far behind is cut off: it reconnects with Last-Event-ID and catches up from there. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Events held while a new stream replays what it missed; a flood beyond it ends the stream the same way. */
const MAX_PENDING = 10_000;

/**
 * One open GET /api/events: Server-Sent Events to one signed-in user. Every event goes through one
 * promise chain, so they leave in the order they came even though deciding who may see a class's
 * event is asynchronous. While it catches up (replay after Last-Event-ID) live events wait, and any
 * already replayed is not sent twice.
 */
export class EventStream {
  private chain: Promise<void> = Promise.resolve();
  private live = false;
  private pending: LiveEvent[] = [];
  private readonly replayed = new Set<number>();
  private heartbeat: NodeJS.Timeout | undefined;
  private closed = false;
  /** Settles once the latest re-check of the user is done: events wait for it before being decided. */
  private checked: Promise<void> = Promise.resolve();

  constructor(
    private readonly res: Response,
    private current: UserRow,
    readonly sessionId: string,
    private readonly host: StreamHost,
    private readonly onClose: (stream: EventStream) => void,
  ) {}

  /** The user as last read: their role decides which class events they get. */
  get user(): UserRow {
    return this.current;
  }

  open(): void {
    this.res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      // nginx: pass each event on at once instead of buffering the response.
      'X-Accel-Buffering': 'no',
    });
    this.res.flushHeaders();
    this.res.write(`retry: ${RETRY_MS}\n\n`);
    this.res.on('close', () => this.close());
    this.heartbeat = setInterval(() => void this.beat(), this.host.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Sends what the client missed (any order; sorted here), a resync when some of it is gone, then goes live. */
  catchUp(missed: LiveEvent[], gap: boolean): void {
    for (const event of [...missed].sort((a, b) => a.id - b.id)) {
      if (this.replayed.has(event.id)) continue;
      this.replayed.add(event.id);
      this.enqueue(event);
    }
    if (gap) this.enqueueControl('resync', { reason: 'gap' });
    this.enqueueControl('ready', { heartbeatMs: this.host.heartbeatMs });
    this.live = true;
    for (const event of this.pending) if (!this.replayed.has(event.id)) this.enqueue(event);
    this.pending = [];
    this.replayed.clear();
  }

  offer(event: LiveEvent): void {
    if (this.closed) return;
    if (this.live) {
      this.enqueue(event);
      return;
    }
    this.pending.push(event);
    if (this.pending.length > MAX_PENDING) this.close();
  }

  /** This process may have missed events (its link to the others came back): the client should refetch. */
  resync(reason: 'reconnected' | 'gap'): void {
    this.enqueueControl('resync', { reason });
  }

  /**
   * The user or their session changed: `read` gives the user as they are now, or undefined when the
   * session has ended (the stream ends). Every event not yet decided, those already queued included,
   * is decided once it has.
   */
  recheck(read: Promise<UserRow | undefined>): void {
    this.checked = read.then((user) => {
      if (user) this.current = user;
      else this.close();
    });
  }

  /** Waits for the latest re-check, one that began while waiting included. */
  private async rechecked(): Promise<void> {
    let gate: Promise<void>;
    do {
      gate = this.checked;
      await gate;
    } while (gate !== this.checked);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    this.pending = [];
    if (!this.res.writableEnded) this.res.end();
    this.onClose(this);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private enqueue(event: LiveEvent): void {
    this.chain = this.chain
      .then(async () => {
        await this.rechecked();
        if (this.closed || !(await this.host.allows(this.user, event.audience))) return;
        this.send(event.name, event.data, event.id);
      })
      .catch((error: unknown) => this.host.reportError(error));
  }

  private enqueueControl(name: Extract<LiveEventName, 'ready' | 'resync'>, data: object): void {
    this.chain = this.chain.then(() => this.send(name, data));
  }

  private send(name: LiveEventName, data: unknown, id?: number): void {
    if (this.closed) return;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.close();
      return;
    }
    // JSON never holds a raw line break, so the data is always one `data:` line.
    this.res.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private async beat(): Promise<void> {
    if (this.closed) return;
    this.res.write(': heartbeat\n\n');
    // A logout, a password change or a deleted account ends the session: its streams end with it.
    if (!(await this.host.sessionAlive(this.sessionId))) this.close();
  }
}
