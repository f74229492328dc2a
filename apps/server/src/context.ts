import type { Logger } from 'pino';
import type { PasswordHasher } from './auth/passwords.js';
import type { SessionCache } from './auth/sessionCache.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { ReadCache } from './db/readCache.js';
import type { LiveEvents } from './events/hub.js';
import type { JobQueue } from './jobs/queue.js';
import type { ImagePool } from './storage/imagePool.js';
import type { FileStore } from './storage/store.js';

/** Everything a request handler may need, built once at start (buildContext.ts) and passed down explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  logger: Logger;
  /** Live events: services publish through it after their writes commit; GET /api/events streams them. */
  events: LiveEvents;
  /** Signed-in sessions this process holds; whoever changes a user or ends a session forgets it here. */
  sessionCache: SessionCache;
  /** Reads many requests share (db/readCache.ts); whoever writes a table they come from says so here. */
  readCache: ReadCache;
  /** Password hashing and checks, in worker threads with a bounded queue. */
  passwords: PasswordHasher;
  /** The background job queue (jobs/queue.ts): start.ts starts its polling; tests call runDue. */
  jobs: JobQueue;
  /** Uploaded files (storage/store.ts): DATA_DIR/files or an S3-compatible bucket, as STORAGE says. */
  files: FileStore;
  /** Picture decoding: a few at a time, a short queue (storage/imagePool.ts). */
  images: ImagePool;
}
