import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { FsStore } from './fsStore.js';
import { S3Store } from './s3Store.js';
import type { FileStore } from './store.js';

/** The file store the configuration names (STORAGE): files under DATA_DIR/files, or an S3-compatible bucket. */
export function openFileStore(config: Pick<Config, 'storage'>, logger: Logger): FileStore {
  const storage = config.storage;
  if (storage.kind === 'fs') {
    logger.info(`Files: stored in ${storage.dir}`);
    return new FsStore(storage.dir);
  }
  logger.info(
    `Files: stored in the S3 bucket ${storage.bucket} at ${storage.endpoint ?? `AWS (${storage.region})`}${storage.forcePathStyle ? ', path-style' : ''}`,
  );
  return new S3Store({ ...storage, logger });
}
