import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';

/** Everything a request handler may need, built once at start and passed down explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  logger: Logger;
}
