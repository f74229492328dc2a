import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { RequestHandler } from 'express';
import { type Coding, codingFor } from './contentCoding.js';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|map)$/;

/**
 * Each file at the strongest setting: it is compressed once and sent many times, so the slow start-up
 * work (on libuv's threads, not the event loop) buys smaller files for every visit. Brotli's best is
 * clearly smaller than gzip's on the web app's JavaScript and CSS, and every browser asks for it.
 */
const COMPRESS: Record<Coding, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) =>
    brotliAsync(bytes, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => gzipAsync(bytes, { level: 9 }),
};

export interface CompressedStatic extends RequestHandler {
  /** Settles once every file the folder held at the start has been compressed both ways. */
  readonly warmed: Promise<void>;
}

/**
 * Answers a built file compressed, with brotli when the browser accepts it, else gzip: the web app's
 * JavaScript is about a third of its size that way, which is most of a first visit's wait on a slow
 * connection. The build never changes while the server runs, so each file is compressed once and kept
 * in memory: all of them one after another from the start (so that no visitor waits for brotli's best
 * setting), and any other on its first request. Anything else (nothing accepted, a missing or
 * incompressible file) goes on to the plain static handler.
 */
export function compressedStatic(dir: string, cacheControl: string): CompressedStatic {
  const root = path.resolve(dir);
  const cache = new Map<string, Promise<Buffer | null>>();
  const compressed = (file: string, coding: Coding) => {
    const key = `${coding}:${file}`;
    let entry = cache.get(key);
    if (!entry) {
      // A missing file is not remembered: made-up paths must not grow the cache.
      entry = readFile(file).then(
        (bytes) => COMPRESS[coding](bytes),
        () => {
          cache.delete(key);
          return null;
        },
      );
      cache.set(key, entry);
    }
    return entry;
  };
  // One file at a time: the threads are shared with file reads (index.html, the other static files).
  const warmed = readdir(root).then(
    async (names) => {
      for (const name of names.filter((n) => COMPRESSIBLE.test(n))) {
        for (const coding of ['br', 'gzip'] as const) {
          // A file that fails here fails its request the same way: nothing to do now.
          await compressed(path.join(root, name), coding).catch(() => null);
        }
      }
    },
    () => undefined,
  );
  const handler: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !COMPRESSIBLE.test(req.path)) return next();
    res.vary('Accept-Encoding');
    const coding = codingFor(req);
    if (!coding) return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(root, relative);
    // Only files inside the folder: "..", encoded or not, never climbs out of it.
    if (!file.startsWith(`${root}${path.sep}`)) return next();
    compressed(file, coding).then((body) => {
      if (!body) return next();
      res.set({ 'Content-Encoding': coding, 'Cache-Control': cacheControl, 'Content-Length': String(body.length) });
      res.type(path.extname(file));
      res.end(req.method === 'HEAD' ? undefined : body);
    }, next);
  };
  return Object.assign(handler, { warmed });
}
