import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { RequestHandler } from 'express';

const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|map)$/;

/**
 * Answers a built file gzip-compressed when the browser accepts gzip (every browser does): the web
 * app's JavaScript is about a third of its size that way, which is most of a first visit's wait on a
 * slow connection. The build never changes while the server runs, so each file is compressed once,
 * on its first request, and kept in memory. Anything else (no gzip accepted, a missing or
 * incompressible file) goes on to the plain static handler.
 */
export function gzipStatic(dir: string, cacheControl: string): RequestHandler {
  const root = path.resolve(dir);
  const cache = new Map<string, Promise<Buffer | null>>();
  const compressed = (file: string) => {
    let entry = cache.get(file);
    if (!entry) {
      // A missing file is not remembered: made-up paths must not grow the cache.
      entry = readFile(file).then(
        (bytes) => gzipAsync(bytes, { level: 9 }),
        () => {
          cache.delete(file);
          return null;
        },
      );
      cache.set(file, entry);
    }
    return entry;
  };
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !COMPRESSIBLE.test(req.path)) return next();
    res.vary('Accept-Encoding');
    if (!req.acceptsEncodings('gzip')) return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(root, relative);
    // Only files inside the folder: "..", encoded or not, never climbs out of it.
    if (!file.startsWith(`${root}${path.sep}`)) return next();
    compressed(file).then((body) => {
      if (!body) return next();
      res.set({ 'Content-Encoding': 'gzip', 'Cache-Control': cacheControl, 'Content-Length': String(body.length) });
      res.type(path.extname(file));
      res.end(req.method === 'HEAD' ? undefined : body);
    }, next);
  };
}
