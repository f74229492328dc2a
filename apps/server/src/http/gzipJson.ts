import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { RequestHandler, Response } from 'express';
import { jsonOf, type KeptJson } from '../db/readCache.js';
import { JsonText } from './jsonText.js';

const gzipAsync = promisify(gzip);

/** Below this many bytes a JSON answer goes as it is: compressing it saves less than it costs. */
const MIN_BYTES = 1024;

/**
 * Up to this many bytes an answer made for one request is compressed at once, on the event loop: zlib
 * takes 0.02-0.1 ms for it, less than the hand-over to the thread pool and back costs (0.14 ms of CPU
 * for a 1 KB like answer, measured; bench:api: a like 1.8 ms of CPU in all without gzip, 2.3-2.5 with
 * it sent to the pool). Larger answers (an uncached thousand-reply discussion) go to the pool.
 */
const SYNC_MAX_BYTES = 64 * 1024;

const JSON_TYPE = 'application/json; charset=utf-8';

function sendPlain(res: Response, body: string | Buffer): Response {
  if (!res.get('Content-Type')) res.set('Content-Type', JSON_TYPE);
  return res.send(body);
}

function sendGzipped(res: Response, zipped: Buffer, head: boolean): void {
  if (res.headersSent) return;
  res.set({ 'Content-Type': JSON_TYPE, 'Content-Encoding': 'gzip', 'Content-Length': String(zipped.length) });
  res.end(head ? undefined : zipped);
}

/** A kept answer's gzip, made once for every client that asks for it. */
function gzippedOf(kept: KeptJson): Promise<Buffer> {
  kept.gzipped ??= gzipAsync(kept.bytes);
  return kept.gzipped;
}

/**
 * JSON answers gzip-compressed for clients that accept gzip (browsers): a discussion with a thousand
 * replies is several hundred KB of JSON and a tenth of that compressed, the difference between a page
 * that waits on the network and one that does not. Large answers are compressed on libuv's thread pool,
 * off the event loop; small ones at once (SYNC_MAX_BYTES). Clients that do not ask for gzip get plain
 * JSON. A value from the read cache (db/readCache.ts) is neither serialized nor compressed again: its
 * bytes and gzip are kept with it. A JsonText's text is sent as it is.
 */
export function gzipJson(): RequestHandler {
  return (req, res, next) => {
    const plainJson = res.json.bind(res);
    res.json = (body: unknown) => {
      res.vary('Accept-Encoding');
      const kept = jsonOf(body);
      const text = kept ? undefined : body instanceof JsonText ? body.text : JSON.stringify(body);
      const plain = kept?.bytes ?? text;
      if (plain === undefined) return plainJson(body);
      const size = Buffer.byteLength(plain);
      if (size < MIN_BYTES || !req.acceptsEncodings('gzip')) return sendPlain(res, plain);
      if (!kept && size <= SYNC_MAX_BYTES) {
        sendGzipped(res, gzipSync(plain), req.method === 'HEAD');
        return res;
      }
      const zipping = kept ? gzippedOf(kept) : gzipAsync(plain);
      zipping.then(
        (zipped) => sendGzipped(res, zipped, req.method === 'HEAD'),
        () => {
          if (!res.headersSent) sendPlain(res, plain);
        },
      );
      return res;
    };
    next();
  };
}
