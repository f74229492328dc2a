import type { Readable } from 'node:stream';

// The one place files live (DESIGN.md: one storage interface): class materials and profile pictures
// are written, read and deleted through a FileStore, never by path or bucket directly. Keys are made by
// the server (a kind and a random id, "materials/<uuid>"), never from a name a user sent. What is known
// of a file besides its bytes (name, type, size, checksum) is kept in the database, not here.

/** Bytes `start` to `end` of a file, both included (as an HTTP Range says them). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStore {
  /** `fs` (files under DATA_DIR/files) or `s3` (an S3-compatible bucket). */
  readonly kind: 'fs' | 's3';
  /**
   * Writes `body` under `key`, replacing what was there. Resolves once every byte is stored. If `body`
   * fails or is destroyed part-way, rejects and leaves nothing under `key` (no half file).
   */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The bytes under `key` (or the range of them), or null when there is no such file. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the file under `key`; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /**
   * Removes what writes cut off by a killed process left behind (the fs store's temporary files; the
   * process never got to remove them). Called once at start, before any request: how many it removed.
   */
  removeLeftovers?(): Promise<number>;
  /** Releases what the store holds open (an S3 client's sockets). */
  close(): Promise<void>;
}
