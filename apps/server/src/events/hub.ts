import type { Response } from 'express';
import type { Logger } from 'pino';
import type { AuthChange } from '../auth/authChange.js';
import { userOfSession } from '../auth/sessions.js';
import { membershipOf } from '../classes/membership.js';
import { canSeeClassRoom } from '../classes/policy.js';
import type { Db } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import { isAdmin } from '../users/policy.js';
import type { EventBus } from './bus.js';
import { currentEventId, nextEventId, sessionExists } from './queries.js';
import { EventStream, type StreamHost } from './stream.js';
import type { Audience, LiveEvent, LivePayload } from './types.js';

export interface LiveEventsOptions {
  db: Db;
  bus: EventBus;
  logger: Logger;
  heartbeatMs: number;
  maxStreamsPerUser: number;
  replaySize: number;
}

/**
 * How long "is this user a member of that class" is remembered for deciding who gets a class's events.
 * Access changes (a user's role, an enrolment ending) drop what they touch at once; this bounds the rest.
 */
const MEMBERSHIP_TTL_MS = 15_000;
const MEMBERSHIP_CACHE_MAX = 10_000;
const RESYNC_RETRY_MS = 1_000;

/**
 * The live events of one process: it publishes what its services raise (after their transaction
 * commits), hears every process's events through the bus, and hands each to the open streams of the
 * people allowed to see it.
 *
 * Resumption: event ids come from one PostgreSQL sequence, so they are comparable across processes.
 * Notifications are rows that carry their id, so a stream replays them from the database whatever
 * happened. Other events (replies, posts, likes, read marks) are kept in memory, the last
 * `replaySize` of them; `floor` is the highest id this process may have missed (evicted from that
 * memory, or published while it was not hearing the others: before start-up, or while Redis was
 * away). A client resuming from below the floor is told `resync`: refetch what is on screen.
 *
 * Access: a stream holds its user as they were when it opened, so every change of access reaches it
 * at once (accessChanged): the database announces each one at commit to every process (auth/authChanges.ts),
 * and the process that made it calls in directly too. A changed user is read again (role, or the session
 * gone: the stream ends), an ended session ends its streams, an ended enrolment is forgotten. While those
 * notices are not heard, membership is read for each event, and once they are heard again every stream
 * is read again.
 */
export class LiveEvents implements StreamHost {
  readonly heartbeatMs: number;
  private readonly recent: LiveEvent[] = [];
  private floor = 0;
  private busUp = false;
  private synced = false;
  private syncing: Promise<void> | undefined;
  private readonly streams = new Map<string, Set<EventStream>>();
  private readonly bySession = new Map<string, Set<EventStream>>();
  /** userId → classId → whether they are a member. */
  private readonly membership = new Map<string, Map<string, { member: Promise<boolean>; expires: number }>>();
  private membershipSize = 0;
  private hearingAccess = false;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly options: LiveEventsOptions) {
    this.heartbeatMs = options.heartbeatMs;
  }

  get busKind(): EventBus['kind'] {
    return this.options.bus.kind;
  }

  async start(): Promise<void> {
    this.floor = await currentEventId(this.options.db);
    this.unsubscribe = this.options.bus.subscribe({
      event: (event) => this.receive(event),
      synced: () => {
        this.busUp = true;
        this.syncing = this.resynced();
      },
      lost: () => {
        this.busUp = false;
        this.synced = false;
      },
    });
    // The in-process bus is synced at once: be ready before the first request.
    await this.syncing;
  }

  /** Stops hearing the bus and ends every stream (shutdown: clients reconnect to another process). */
  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.closeAllStreams();
  }

  closeAllStreams(): void {
    for (const set of [...this.streams.values()]) for (const stream of [...set]) stream.close();
  }

  // ---------- publishing ----------

  /** Publishes an event with a new id. Never throws: the write it reports is already committed. */
  async publish(payload: LivePayload, audience: Audience): Promise<void> {
    let id: number;
    try {
      id = await nextEventId(this.options.db);
    } catch (error) {
      this.options.logger.warn({ err: error, event: payload.name }, 'a live event was not sent: no event id');
      return;
    }
    await this.publishWithId(id, payload, audience);
  }

  /** Publishes an event whose id is already known (a notification's row carries it). Never throws. */
  async publishWithId(id: number, payload: LivePayload, audience: Audience): Promise<void> {
    try {
      await this.options.bus.publish({ ...payload, id, audience } as LiveEvent);
    } catch (error) {
      this.options.logger.warn({ err: error, event: payload.name }, 'a live event was not sent');
    }
  }

  // ---------- streams ----------

  /** Opens a stream for the user, or undefined when they already have as many as allowed here. */
  openStream(res: Response, user: UserRow, sessionId: string): EventStream | undefined {
    const mine = this.streams.get(user.id) ?? new Set<EventStream>();
    if (mine.size >= this.options.maxStreamsPerUser) return undefined;
    const session = this.bySession.get(sessionId) ?? new Set<EventStream>();
    const stream = new EventStream(res, user, sessionId, this, (closed) => {
      mine.delete(closed);
      if (mine.size === 0 && this.streams.get(user.id) === mine) this.streams.delete(user.id);
      session.delete(closed);
      if (session.size === 0 && this.bySession.get(sessionId) === session) this.bySession.delete(sessionId);
    });
    mine.add(stream);
    this.streams.set(user.id, mine);
    session.add(stream);
    this.bySession.set(sessionId, session);
    stream.open();
    return stream;
  }

  get streamCount(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  /** The kept events after `lastId` (notifications excepted: they replay from the database), and whether some may be gone. */
  replayAfter(lastId: number): { events: LiveEvent[]; gap: boolean } {
    return { events: this.recent.filter((e) => e.id > lastId), gap: !this.synced || lastId < this.floor };
  }

  async allows(user: UserRow, audience: Audience): Promise<boolean> {
    if ('everyone' in audience) return true;
    if ('userId' in audience) return audience.userId === user.id;
    // The stream's user as it was last read: a role change re-reads it (accessChanged).
    if ('admins' in audience) return isAdmin(user);
    return this.isMember(user, audience.classId);
  }

  async sessionAlive(sessionId: string): Promise<boolean> {
    try {
      return await sessionExists(this.options.db, sessionId);
    } catch {
      // The database is unreachable: that says nothing about the session.
      return true;
    }
  }

  reportError(error: unknown): void {
    this.options.logger.warn({ err: error }, 'a live event could not be sent to a stream');
  }

  // ---------- access changes ----------

  /** A change of who may see what (auth/authChanges.ts); undefined: an unreadable notice, so anything may have changed. */
  accessChanged(change: AuthChange | undefined): void {
    if (!change) this.recheckAll();
    else if (change.kind === 'user') {
      this.membership.delete(change.id);
      for (const stream of this.streams.get(change.id) ?? []) this.recheck(stream);
    } else if (change.kind === 'session') {
      for (const stream of [...(this.bySession.get(change.id) ?? [])]) stream.close();
    } else {
      this.membership.get(change.userId)?.delete(change.classId);
    }
  }

  /** Whether access changes are heard; hearing them again after a gap, every stream is read again. */
  setListening(listening: boolean): void {
    const was = this.hearingAccess;
    this.hearingAccess = listening;
    if (listening && !was) this.recheckAll();
    else this.forgetMemberships();
  }

  private recheckAll(): void {
    this.forgetMemberships();
    for (const set of this.streams.values()) for (const stream of set) this.recheck(stream);
  }

  private recheck(stream: EventStream): void {
    const read = userOfSession(this.options.db, stream.sessionId, stream.user.id).catch((error: unknown) => {
      // Not knowing whether the user may still see it, end the stream: the client reconnects and signs in again.
      this.options.logger.warn({ err: error }, 'could not read the user of an event stream again; ending it');
      return undefined;
    });
    stream.recheck(read);
  }

  private forgetMemberships(): void {
    this.membership.clear();
    this.membershipSize = 0;
  }

  // ---------- hearing the bus ----------

  private receive(event: LiveEvent): void {
    if (event.name !== 'notification') {
      this.recent.push(event);
      if (this.recent.length > this.options.replaySize) {
        const evicted = this.recent.shift();
        if (evicted) this.floor = Math.max(this.floor, evicted.id);
      }
    }
    const targets =
      'userId' in event.audience ? [this.streams.get(event.audience.userId) ?? []] : this.streams.values();
    for (const set of targets) for (const stream of set) stream.offer(event);
  }

  /** The bus hears everything again: what was published before now may be missing here. */
  private async resynced(): Promise<void> {
    try {
      this.floor = Math.max(this.floor, await currentEventId(this.options.db));
    } catch (error) {
      this.options.logger.warn({ err: error }, 'could not read the live event sequence; retrying');
      setTimeout(() => {
        if (this.busUp) this.syncing = this.resynced();
      }, RESYNC_RETRY_MS).unref();
      return;
    }
    if (!this.busUp) return;
    const wasSynced = this.synced;
    this.synced = true;
    if (!wasSynced) for (const set of this.streams.values()) for (const stream of set) stream.resync('reconnected');
  }

  private isMember(user: UserRow, classId: string): Promise<boolean> {
    const member = () => membershipOf(this.options.db, classId, user).then((m) => (m ? canSeeClassRoom(m) : false));
    // Remembered only while a change would be heard.
    if (!this.hearingAccess) return member();
    const now = Date.now();
    let mine = this.membership.get(user.id);
    const hit = mine?.get(classId);
    if (hit && hit.expires > now) return hit.member;
    if (this.membershipSize >= MEMBERSHIP_CACHE_MAX) this.forgetMemberships();
    mine = this.membership.get(user.id);
    if (!mine) {
      mine = new Map();
      this.membership.set(user.id, mine);
    }
    const entries = mine;
    const read = member();
    const entry = { member: read, expires: now + MEMBERSHIP_TTL_MS };
    read.catch(() => {
      if (entries.get(classId) === entry) entries.delete(classId);
    });
    if (!entries.has(classId)) this.membershipSize++;
    entries.set(classId, entry);
    return read;
  }
}
