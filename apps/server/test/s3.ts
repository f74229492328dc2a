import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The bucket the tests' S3 server holds. */
export const TEST_BUCKET = 'mentora-files';

/**
 * A real S3-compatible server (s3rver) on loopback, with an empty bucket, and the environment that
 * points STORAGE=s3 at it. Its credentials are s3rver's fixed ones: it checks every request's signature.
 */
export async function startS3Server(): Promise<{
  env: Record<string, string>;
  /** Where s3rver keeps the bucket's objects, one file per object. */
  dir: string;
  close(): Promise<void>;
}> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mentora-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: TEST_BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    dir,
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
