import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import compression from 'compression';
import type { RequestHandler } from 'express';
import { jsonOf, type KeptJson } from '../db/readCache.js';

const gzipAsync = promisify(gzip);

/** Below this many bytes an answer goes as it is: compressing it saves less than it costs. */
const MIN_BYTES = 1024;

const isJson = (type: unknown) => /^application\/json\b/.test(String(type ?? ''));

/**
 * JSON answers compressed for clients that accept it (browsers), by the compression middleware: brotli
 * where the client takes it (at its fast setting), else gzip, as the client's Accept-Encoding weighs
 * them; answers under 1 KB go as they are. A discussion with a thousand replies is several hundred KB
 * of JSON and a tenth of that compressed, the difference between a page that waits on the network and
 * one that does not. Only JSON: the event stream (text/event-stream) must reach the browser as each
 * event is written, not when a compressor's buffer fills.
 */
export function compressJson(): RequestHandler {
  return compression({
    threshold: MIN_BYTES,
    filter: (_req, res) => isJson(res.getHeader('Content-Type')),
    // An answer made for one request is compressed once and sent once: brotli's fastest setting makes
    // it about as small as gzip's default for a fraction of the work (the middleware's default, 4, cost
    // a reply or a like twice its CPU).
    brotli: {
      params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    },
  });
}

/** A kept answer's gzip, made once (on libuv's threads) for every client that asks for it. */
function gzippedOf(kept: KeptJson): Promise<Buffer> {
  kept.gzipped ??= gzipAsync(kept.bytes);
  return kept.gzipped;
}

/**
 * res.json for the read cache's answers (db/readCache.ts), which many requests share: their JSON was
 * written once when they were kept, and their gzip is made once, not again at every request. Sent with
 * its Content-Encoding, a kept gzip is left alone by compressJson; a kept answer sent plain (small, or
 * to a client without gzip) is compressed there like any other. Every other answer is plain res.json.
 */
export function sendKeptJson(): RequestHandler {
  return (req, res, next) => {
    const plainJson = res.json.bind(res);
    res.json = (body: unknown) => {
      const kept = jsonOf(body);
      if (!kept) return plainJson(body);
      res.type('json');
      if (kept.bytes.length < MIN_BYTES || !req.acceptsEncodings('gzip')) return res.send(kept.bytes);
      res.vary('Accept-Encoding');
      gzippedOf(kept).then(
        (zipped) => {
          if (res.headersSent) return;
          res.set('Content-Encoding', 'gzip');
          res.send(zipped);
        },
        () => {
          if (!res.headersSent) res.send(kept.bytes);
        },
      );
      return res;
    };
    next();
  };
}
