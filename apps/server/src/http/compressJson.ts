import { promisify } from 'node:util';
import { brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { RequestHandler, Response } from 'express';
import { jsonOf, type KeptJson } from '../db/readCache.js';
import { type Coding, codingFor } from './contentCoding.js';

const gzipAsync = promisify(gzip);

/** Below this many bytes a JSON answer goes as it is: compressing it saves less than it costs. */
const MIN_BYTES = 1024;

/**
 * Up to this many bytes an answer made for one request is compressed at once, on the event loop: zlib
 * takes less time for it than the hand-over to the thread pool and back would cost. Larger answers (an
 * uncached thousand-reply discussion) go to the pool.
 */
const SYNC_MAX_BYTES = 64 * 1024;

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * An answer made for one request is compressed once and sent once: at brotli's fastest setting when
 * the client takes brotli (quicker than gzip's default for a similar size), else gzip's default. What is
 * kept and sent many times (the read cache's) stays gzip at its default.
 */
const COMPRESS_ONCE: Record<Coding, (plain: string | Buffer, size: number) => Buffer> = {
  br: (plain, size) =>
    brotliCompressSync(plain, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 1,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    }),
  gzip: (plain) => gzipSync(plain),
};

function sendPlain(res: Response, body: string | Buffer): Response {
  if (!res.get('Content-Type')) res.set('Content-Type', JSON_TYPE);
  return res.send(body);
}

function sendCompressed(res: Response, coding: Coding, bytes: Buffer, head: boolean): void {
  if (res.headersSent) return;
  res.set({ 'Content-Type': JSON_TYPE, 'Content-Encoding': coding, 'Content-Length': String(bytes.length) });
  res.end(head ? undefined : bytes);
}

/** A kept answer's gzip, made once for every client that asks for it. */
function gzippedOf(kept: KeptJson): Promise<Buffer> {
  kept.gzipped ??= gzipAsync(kept.bytes);
  return kept.gzipped;
}

/**
 * JSON answers compressed for clients that accept it (browsers): a discussion with a thousand replies is
 * several hundred KB of JSON and a tenth of that compressed, the difference between a page that waits
 * on the network and one that does not. Large answers are gzipped on libuv's thread pool, off the event
 * loop; small ones at once (SYNC_MAX_BYTES), with brotli when the client takes it (COMPRESS_ONCE).
 * Clients that accept neither get plain JSON. A value from the read cache (db/readCache.ts) is neither
 * serialized nor compressed again: its bytes and gzip are kept with it.
 */
export function compressJson(): RequestHandler {
  return (req, res, next) => {
    const plainJson = res.json.bind(res);
    res.json = (body: unknown) => {
      res.vary('Accept-Encoding');
      const kept = jsonOf(body);
      const text = kept ? undefined : JSON.stringify(body);
      const plain = kept?.bytes ?? text;
      if (plain === undefined) return plainJson(body);
      const size = Buffer.byteLength(plain);
      const head = req.method === 'HEAD';
      if (size < MIN_BYTES) return sendPlain(res, plain);
      if (!kept && size <= SYNC_MAX_BYTES) {
        const coding = codingFor(req);
        if (!coding) return sendPlain(res, plain);
        sendCompressed(res, coding, COMPRESS_ONCE[coding](plain, size), head);
        return res;
      }
      if (!req.acceptsEncodings('gzip')) return sendPlain(res, plain);
      const zipping = kept ? gzippedOf(kept) : gzipAsync(plain);
      zipping.then(
        (zipped) => sendCompressed(res, 'gzip', zipped, head),
        () => {
          if (!res.headersSent) sendPlain(res, plain);
        },
      );
      return res;
    };
    next();
  };
}
