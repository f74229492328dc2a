// Reads that many requests share (a class, a page of the catalogue, a page of the feed) are kept in
// memory, so that a popular page costs the database once, not once per visitor.
//
// Each entry names the tables it was read from. It may only be used while this process hears of every
// change to them, which reaches it two ways, as for the session cache (auth/sessionCache.ts):
// - the database announces each statement that changes one of them (migration 0006_data_changes:
//   statement triggers → NOTIFY mentora_data with the table's name, heard by db/changeListener.ts),
//   from every process and tool, once the change commits;
// - the code that writes in this process says so at once after its commit (changed()), so that its
//   own next request, the writer's, never waits for the notification.
// While nobody listens the cache is empty and unused. A read that began before a change to one of its
// tables never stores what it read: each table's changes are counted, and a read stores only if the
// counts of its tables (and of clear(), which stands for every table) are those it saw before going to
// the database. Changes to other tables do not stop it: under a stream of likes, a class read while
// they commit is still kept.
//
// Values are frozen when stored (a caller that tried to change one would change every later answer),
// and serialized once: jsonOf() gives the bytes to send (and keeps their gzip once made).

/** The tables whose changes are announced (migration 0006_data_changes). */
export const WATCHED_TABLES = [
  'users',
  'classes',
  'enrolments',
  'reviews',
  'discussions',
  'discussion_replies',
  'community_posts',
  'community_replies',
  'post_likes',
] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];

interface Entry {
  key: string;
  value: unknown;
  tables: readonly WatchedTable[];
  bytes: number;
  storedAt: number;
}

export interface ReadCacheOptions {
  /** How long an entry is used; a bound on staleness should a change ever go unheard. */
  ttlMs?: number;
  /** Bound on the JSON kept, in bytes (UTF-8; their gzip, when asked for, comes on top: about a tenth). */
  maxBytes?: number;
  now?: () => number;
}

/** A kept value's JSON, ready to send. */
export interface KeptJson {
  readonly bytes: Buffer;
  /** Made by the first client that accepts gzip, then reused. */
  gzipped?: Promise<Buffer>;
}

const serialized = new WeakMap<object, KeptJson>();

/** The JSON of a value this cache gave out; undefined for any other value. */
export function jsonOf(value: unknown): KeptJson | undefined {
  return typeof value === 'object' && value !== null ? serialized.get(value) : undefined;
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}

export class ReadCache {
  /** In order of use: the first entry is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private readonly byTable = new Map<WatchedTable, Set<string>>();
  /** clear() calls so far: a change to every table. */
  private clears = 0;
  /** Changes so far per table (changed()). */
  private readonly tableChanges = new Map<WatchedTable, number>();
  private listening = false;
  private bytes = 0;
  private answered = 0;
  private readonly ttlMs: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(options: ReadCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
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

  /**
   * The value kept under `key`, or what `load` reads (kept for the next caller unless one of `tables`,
   * or anything, changed meanwhile). `key` must name everything the value depends on besides the tables.
   * `sent` picks the part of the value that goes out as the answer's body (the whole value by default):
   * that part's JSON is what is kept ready to send.
   */
  async read<T>(
    key: string,
    tables: readonly WatchedTable[],
    load: () => Promise<T>,
    sent: (value: T) => unknown = (value) => value,
  ): Promise<T> {
    const kept = this.get(key);
    if (kept) {
      this.answered++;
      return kept.value as T;
    }
    const generation = this.generationOf(tables);
    const value = await load();
    if (this.listening && generation === this.generationOf(tables)) this.store(key, tables, value, sent(value));
    return value;
  }

  /** Moves on whenever one of these tables changes (each count only grows, so equal sums mean no change). */
  private generationOf(tables: readonly WatchedTable[]): number {
    let generation = this.clears;
    for (const table of tables) generation += this.tableChanges.get(table) ?? 0;
    return generation;
  }

  /** Rows of these tables changed (or are about to be seen changed): forget what was read from them. */
  changed(...tables: WatchedTable[]): void {
    for (const table of tables) {
      this.tableChanges.set(table, (this.tableChanges.get(table) ?? 0) + 1);
      for (const key of this.byTable.get(table) ?? []) {
        const entry = this.entries.get(key);
        if (entry) this.remove(entry);
      }
    }
  }

  clear(): void {
    this.clears++;
    this.entries.clear();
    this.byTable.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** How many reads were answered from memory since the start. */
  get hits(): number {
    return this.answered;
  }

  get storedBytes(): number {
    return this.bytes;
  }

  private get(key: string): Entry | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.ttlMs) {
      this.remove(entry);
      return undefined;
    }
    // Most recently used goes last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  private store(key: string, tables: readonly WatchedTable[], value: unknown, body: unknown): void {
    if (typeof value !== 'object' || value === null || typeof body !== 'object' || body === null) return;
    const bytes = Buffer.from(JSON.stringify(body));
    if (bytes.length > this.maxBytes / 8) return; // one answer never crowds out the rest
    const old = this.entries.get(key);
    if (old) this.remove(old);
    while (this.bytes + bytes.length > this.maxBytes) {
      const oldest = this.entries.values().next().value;
      if (!oldest) break;
      this.remove(oldest);
    }
    deepFreeze(value);
    serialized.set(body, { bytes });
    this.entries.set(key, { key, value, tables, bytes: bytes.length, storedAt: this.now() });
    this.bytes += bytes.length;
    for (const table of tables) {
      let keys = this.byTable.get(table);
      if (!keys) {
        keys = new Set();
        this.byTable.set(table, keys);
      }
      keys.add(key);
    }
  }

  private remove(entry: Entry): void {
    this.entries.delete(entry.key);
    this.bytes -= entry.bytes;
    for (const table of entry.tables) {
      const keys = this.byTable.get(table);
      keys?.delete(entry.key);
      if (keys?.size === 0) this.byTable.delete(table);
    }
  }
}
