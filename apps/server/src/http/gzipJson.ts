import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { RequestHandler } from 'express';
import { jsonOf } from '../db/readCache.js';

const gzipAsync = promisify(gzip);

/** Below this many bytes a JSON answer goes as it is: compressing it saves less than it costs. */
const MIN_BYTES = 1024;

/**
 * JSON answers gzip-compressed for clients that accept gzip (browsers): a discussion with a thousand
 * replies is several hundred KB of JSON and a tenth of that compressed, the difference between a page
 * that waits on the network and one that does not. Compression runs on libuv's thread pool, off the
 * event loop. Clients that do not ask for gzip get plain JSON, as before. A value from the read cache
 * (db/readCache.ts) is not serialized again: its text was kept with it.
 */
export function gzipJson(): RequestHandler {
  return (req, res, next) => {
    const plainJson = res.json.bind(res);
    /** What res.json sends, without serializing again. */
    const plainText = (text: string) => {
      if (!res.get('Content-Type')) res.set('Content-Type', 'application/json; charset=utf-8');
      return res.send(text);
    };
    res.json = (body: unknown) => {
      res.vary('Accept-Encoding');
      const text = jsonOf(body) ?? JSON.stringify(body);
      if (text === undefined) return plainJson(body);
      if (Buffer.byteLength(text) < MIN_BYTES || !req.acceptsEncodings('gzip')) return plainText(text);
      gzipAsync(text).then(
        (zipped) => {
          if (res.headersSent) return;
          res.set({ 'Content-Type': 'application/json; charset=utf-8', 'Content-Encoding': 'gzip' });
          res.set('Content-Length', String(zipped.length));
          res.end(req.method === 'HEAD' ? undefined : zipped);
        },
        () => {
          if (!res.headersSent) plainText(text);
        },
      );
      return res;
    };
    next();
  };
}
