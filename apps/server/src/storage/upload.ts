import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable, Transform } from 'node:stream';
import { fileDisplayName } from '@mentora/contract';
import busboy from 'busboy';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError } from '../http/errors.js';
import type { FileStore } from './store.js';

// One multipart upload (field `file`) streamed into the file store without being held in memory: its
// type is decided from its first bytes (magic numbers, never the name or the client's header), its size
// is counted against a limit as it arrives, and anything refused or cut short leaves no file behind.

/** How many first bytes decide the type (file-type reads at most this many for the formats kept). */
const SNIFF_BYTES = 4100;

export interface UploadRules {
  /** Bytes one file may have; more is refused with 413 as soon as it is passed. */
  maxBytes: number;
  /** The types (as file-type names them, or `text/plain`) accepted; any other is refused with 415. */
  accept: ReadonlySet<string>;
  /** The key the file is stored under: a kind and a random id. */
  keyPrefix: string;
  /**
   * What is stored instead of the bytes received (a re-encoded image), and its type. The bytes are held
   * whole (at most maxBytes) and given to `apply` once they have all come. An HttpError it throws is the
   * answer; any other failure (bytes that only look like their format) is refused with 415.
   */
  convert?: { apply: (bytes: Buffer, signal: AbortSignal | undefined) => Promise<Buffer>; type: string };
  /** Aborts when the client has gone: work not yet done is dropped, and nothing is stored. */
  signal?: AbortSignal;
  messages: { tooLarge: string; refusedType: string; missing: string; empty: string };
}

export interface StoredUpload {
  key: string;
  /** The name the client gave, for display only (the last path segment, trimmed). */
  name: string;
  type: string;
  size: number;
  sha256: string;
}

/** Bytes below space that text holds: tab, line feed, form feed, carriage return. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/** Text: valid UTF-8 without control characters other than tab, line breaks and form feed. */
function isText(head: Buffer): boolean {
  for (const byte of head) if ((byte < 0x20 && !TEXT_CONTROLS.has(byte)) || byte === 0x7f) return false;
  try {
    // stream: a multi-byte character cut at the end of the sniffed bytes is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** What the bytes are: a format file-type knows, plain text, or null. */
export async function sniffType(head: Buffer): Promise<string | null> {
  const known = await fileTypeFromBuffer(head);
  if (known) return known.mime;
  return head.length > 0 && isText(head) ? 'text/plain' : null;
}

/** A display name by the contract's one rule for file names (fileDisplayName), or "file" when none is left. */
export function displayName(raw: string | undefined): string {
  return fileDisplayName(raw ?? '') || 'file';
}

/**
 * Reads the one file of a multipart request into `store`. Rejects with 400 (no file, an empty one, not multipart),
 * 413 (over maxBytes) or 415 (a refused type); in each case nothing is left in the store.
 */
export function receiveUpload(req: IncomingMessage, store: FileStore, rules: UploadRules): Promise<StoredUpload> {
  return new Promise<StoredUpload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // Browsers send a file's name as raw UTF-8; busboy would read it as Latin-1.
        defParamCharset: 'utf8',
        limits: { files: 1, fileSize: rules.maxBytes, fields: 10, parts: 20 },
      });
    } catch {
      reject(new HttpError(400, rules.messages.missing));
      return;
    }
    let settled = false;
    let work: Promise<StoredUpload> | undefined;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.resume();
      reject(error);
    };

    let receiving: Readable | undefined;
    parser.on('file', (field, file, info) => {
      if (field !== 'file' || work) {
        file.resume();
        return;
      }
      receiving = file;
      work = storeFile(file, info.filename, store, rules);
      work.then((stored) => {
        if (settled) return;
        settled = true;
        resolve(stored);
      }, fail);
    });
    parser.on('error', () => fail(new HttpError(400, rules.messages.missing)));
    parser.on('close', () => {
      if (!work) fail(new HttpError(400, rules.messages.missing));
    });
    // The client went away before the whole body came: the file being written is cut off, which makes
    // the store drop what it has (the parser alone would wait for an end that never comes).
    req.on('close', () => {
      if (req.complete) return;
      receiving?.destroy(new Error('the upload was cut off'));
      fail(new HttpError(400, rules.messages.missing));
    });
    req.pipe(parser);
  });
}

async function storeFile(file: Readable, filename: string | undefined, store: FileStore, rules: UploadRules) {
  const key = `${rules.keyPrefix}/${randomUUID()}`;
  const hash = createHash('sha256');
  let size = 0;
  let tooLarge = false;
  file.on('limit', () => {
    tooLarge = true;
  });

  // The first bytes are held back until they decide the type; nothing is written before that.
  const { head, ended } = await readHead(file);
  if (head.length === 0) throw new HttpError(400, rules.messages.empty);
  const type = await sniffType(head);
  if (tooLarge) throw new HttpError(413, rules.messages.tooLarge);
  if (!type || !rules.accept.has(type)) {
    file.resume();
    throw new HttpError(415, rules.messages.refusedType);
  }

  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
  });
  counted.write(head);
  if (ended) counted.end();
  else file.pipe(counted);
  file.on('limit', () => counted.destroy(new HttpError(413, rules.messages.tooLarge)));
  file.on('error', (error) => counted.destroy(error));
  if (rules.convert) {
    // Collected whole: a decoder needs all of it anyway, and maxBytes bounds it. A 413 or a cut-off
    // upload destroys `counted`, which ends this with that error.
    const received = Buffer.concat(await counted.toArray());
    const gone = () => new HttpError(400, rules.messages.missing);
    if (rules.signal?.aborted) throw gone();
    let converted: Buffer;
    try {
      converted = await rules.convert.apply(received, rules.signal);
    } catch (error) {
      if (rules.signal?.aborted) throw gone();
      if (error instanceof HttpError) throw error;
      throw new HttpError(415, rules.messages.refusedType);
    }
    if (rules.signal?.aborted) throw gone();
    await store.put(key, Readable.from([converted]), rules.convert.type);
    return {
      key,
      name: displayName(filename),
      type: rules.convert.type,
      size: converted.length,
      sha256: createHash('sha256').update(converted).digest('hex'),
    };
  }
  try {
    await store.put(key, counted, type);
  } catch (error) {
    await store.delete(key).catch(() => {});
    if (tooLarge) throw new HttpError(413, rules.messages.tooLarge);
    throw error;
  }
  if (tooLarge) {
    await store.delete(key);
    throw new HttpError(413, rules.messages.tooLarge);
  }
  return { key, name: displayName(filename), type, size, sha256: hash.digest('hex') };
}

/** Up to SNIFF_BYTES first bytes of `file`, leaving the rest unread (and `file` paused), and whether that was all. */
function readHead(file: Readable): Promise<{ head: Buffer; ended: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let ended = false;
    const onEnd = () => {
      ended = true;
      done();
    };
    const done = () => {
      file.off('data', onData);
      file.off('end', onEnd);
      file.off('error', reject);
      file.pause();
      const all = Buffer.concat(chunks);
      // Bytes past the head go back to the front of the stream.
      if (all.length > SNIFF_BYTES) file.unshift(all.subarray(SNIFF_BYTES));
      resolve({ head: all.subarray(0, SNIFF_BYTES), ended });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= SNIFF_BYTES) done();
    };
    file.on('data', onData);
    file.on('end', onEnd);
    file.on('error', reject);
  });
}
