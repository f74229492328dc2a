import type { UserRow } from '../db/schema.js';
import type { Restriction } from '../sanctions/policy.js';

// Every signed-in request needs its session and user. Reading them from the database would add a round
// trip to each request, so this process keeps them for a while.
//
// It may only answer while it hears of every change. Changes reach it two ways:
// - the database announces every change of a user row and every ended session (migration
//   0005_auth_changes: triggers → NOTIFY mentora_auth, heard by db/changeListener.ts), from every
//   process and tool, once the change commits;
// - the code that makes a change in this process forgets at once (forgetUser / forgetSession after
//   the commit), so its own next request never waits for the notification.
// While nobody listens (the listening connection is down, or not yet up) the cache is empty and
// unused. A read that began before a change must not store what it read: every change moves the
// generation on, and set() stores only for the generation its caller saw before reading.

export interface CachedSession {
  user: UserRow;
  lastSeenAt: Date;
  /**
   * The user's silences and suspensions not lifted, read with the session. A new or lifted one is a
   * change of the user (migration 0009_sanctions announces it as "user:<id>"); one that ends by its time
   * needs no notice, since the checks compare its end with the time of the check.
   */
  restrictions: readonly Restriction[];
}

interface Entry extends CachedSession {
  sessionId: string;
  storedAt: number;
}

export interface SessionCacheOptions {
  /** How long an entry is used; a bound on staleness should a change ever go unheard. */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  private changes = 0;
  private listening = false;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: SessionCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 20_000;
    this.now = options.now ?? Date.now;
  }

  /** Whether changes are heard now; turning it either way empties the cache. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }

  get isListening(): boolean {
    return this.listening;
  }

  /** Read before going to the database; pass it to set() afterwards. */
  generation(): number {
    return this.changes;
  }

  get(sessionId: string): CachedSession | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.ttlMs) {
      this.remove(entry);
      return undefined;
    }
    return entry;
  }

  /** Stores what a read found, unless something changed since `generation` or nobody listens. */
  set(generation: number, sessionId: string, found: CachedSession): void {
    if (!this.listening || generation !== this.changes) return;
    const old = this.entries.get(sessionId);
    if (old) this.remove(old);
    if (this.entries.size >= this.maxEntries) {
      // Maps keep insertion order: the first entry is the oldest.
      const oldest = this.entries.values().next().value;
      if (oldest) this.remove(oldest);
    }
    const entry: Entry = { ...found, sessionId, storedAt: this.now() };
    this.entries.set(sessionId, entry);
    let sessions = this.byUser.get(found.user.id);
    if (!sessions) {
      sessions = new Set();
      this.byUser.set(found.user.id, sessions);
    }
    sessions.add(sessionId);
  }

  /** The user row changed or went, or their sessions ended. */
  forgetUser(userId: string): void {
    this.changes++;
    for (const sessionId of this.byUser.get(userId) ?? []) {
      const entry = this.entries.get(sessionId);
      if (entry) this.remove(entry);
    }
  }

  forgetSession(sessionId: string): void {
    this.changes++;
    const entry = this.entries.get(sessionId);
    if (entry) this.remove(entry);
  }

  clear(): void {
    this.changes++;
    this.entries.clear();
    this.byUser.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(entry: Entry): void {
    this.entries.delete(entry.sessionId);
    const sessions = this.byUser.get(entry.user.id);
    sessions?.delete(entry.sessionId);
    if (sessions?.size === 0) this.byUser.delete(entry.user.id);
  }
}
