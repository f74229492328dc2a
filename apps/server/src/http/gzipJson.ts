import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { RequestHandler, Response } from 'express';
import { jsonOf, type KeptJson } from '../db/readCache.js';

const gzipAsync = promisify(gzip);

/** Below this many bytes a JSON answer goes as it is: compressing it saves less than it costs. */
const MIN_BYTES = 1024;

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
 * that waits on the network and one that does not. Compression runs on libuv's thread pool, off the
 * event loop. Clients that do not ask for gzip get plain JSON, as before. A value from the read cache
 * (db/readCache.ts) is neither serialized nor compressed again: its bytes and gzip are kept with it.
 */
export function gzipJson(): RequestHandler {
  return (req, res, next) => {
    const plainJson = res.json.bind(res);
    res.json = (body: unknown) => {
      res.vary('Accept-Encoding');
      const kept = jsonOf(body);
      const text = kept ? undefined : JSON.stringify(body);
      const plain = kept?.bytes ?? text;
      if (plain === undefined) return plainJson(body);
      if (Buffer.byteLength(plain) < MIN_BYTES || !req.acceptsEncodings('gzip')) return sendPlain(res, plain);
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
