import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Logger } from 'pino';
import { checkKey, checkRange } from './keys.js';
import type { ByteRange, FileStore } from './store.js';

// Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), for several processes sharing
// one store. Uploads stream in parts (lib-storage's Upload holds at most queueSize parts in memory),
// so a large file is never buffered whole, and S3 makes an object visible only once its upload
// completes: a failed upload leaves no object, and readers keep seeing the previous one until then.

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** Another S3-compatible service's URL; unset for AWS itself. */
  endpoint?: string | undefined;
  /** Bucket in the path (http://host/bucket/key) rather than the host name: what most self-hosted stores need. */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (AWS_* variables, a shared profile, an instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bytes per part of a multipart upload (S3's minimum and lib-storage's default: 5 MiB). */
  partSize?: number;
  logger?: Logger;
}

/** No such key; a missing bucket (also a 404) is a misconfiguration and must not pass for a missing file. */
const isMissingKey = (error: unknown) =>
  error instanceof S3ServiceException &&
  error.name !== 'NoSuchBucket' &&
  (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

export class S3Store implements FileStore {
  readonly kind = 's3' as const;
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly partSize: number;
  private readonly logger: Logger | undefined;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.partSize = options.partSize ?? 5 * 1024 * 1024;
    this.logger = options.logger;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // SDK v3 adds CRC checksums to every request and checks them on every answer by default since
      // early 2025; many S3-compatible servers (older MinIO, R2 at the time, s3rver) reject or lack them.
      // Only where S3 demands one (e.g. DeleteObjects) is one sent.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable, contentType: string): Promise<void> {
    try {
      checkKey(key);
    } catch (error) {
      // Whoever handed us the body (a request) must not wait for a reader that never comes.
      body.destroy();
      throw error;
    }
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: this.partSize,
      queueSize: 2,
      // We abort ourselves: lib-storage would otherwise throw the abort's own error in place of the
      // body's (s3rver, for one, has no AbortMultipartUpload), and the caller needs the real cause.
      leavePartsOnError: true,
    });
    try {
      await upload.done();
    } catch (error) {
      if (!body.destroyed) body.destroy();
      if (upload.uploadId) await this.abortUpload(key, upload.uploadId);
      throw error;
    }
  }

  /** Drops the parts of a failed multipart upload (they are billed while kept, and never become an object). */
  private async abortUpload(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }));
    } catch (error) {
      this.logger?.warn(
        { err: error, key, uploadId },
        'Could not abort a failed multipart upload: its parts stay in the bucket until a lifecycle rule removes incomplete uploads',
      );
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    checkKey(key);
    if (range) checkRange(range);
    try {
      const result = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const body = result.Body;
      if (body instanceof Readable) return body;
      // Node's HTTP handler always answers with a Readable; anything else is a runtime we do not run on.
      throw new Error(`S3 answered GetObject with a body that is not a Node stream (${typeof body})`);
    } catch (error) {
      if (isMissingKey(error)) return null;
      // A range starting past the end (any range of an empty file): no bytes, as a file read gives.
      if (range && error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) {
        return Readable.from([]);
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
    } catch (error) {
      // S3 answers 204 for a missing key; some compatible stores say 404.
      if (!isMissingKey(error)) throw error;
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
