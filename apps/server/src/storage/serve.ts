import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { HttpError, notFound } from '../http/errors.js';
import type { FileStore } from './store.js';

// Sending a stored file to a browser so that it can never run as part of the app: the type decided at
// upload, never sniffed (nosniff), a CSP that allows nothing and sandboxes the document should it be
// opened anyway, and (for downloads) an attachment. ETag and single byte ranges let a browser resume.

/** What every stored file is sent with: its type is never guessed, and opened as a page it can do nothing. */
export const INERT = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
} as const;

export interface ServedFile {
  key: string;
  name: string;
  type: string;
  size: number;
  /** A strong validator of the bytes (their SHA-256). */
  etag: string;
  disposition: 'attachment' | 'inline';
  /** Cache-Control: private files are revalidated each time (access may have ended). */
  cacheControl: string;
  rangeMessage: string;
}

/**
 * Whether a Range header is a valid list of byte ranges (RFC 9110, 14.1.1): `first-last`, `first-` or
 * `-suffix`, where last is not below first. An invalid one is ignored (the whole file, 200), as RFC 9110
 * says; only valid ranges that all lie outside the file get 416. range-parser answers -1 for both.
 */
export function validByteRanges(header: string): boolean {
  const match = /^bytes=(.+)$/i.exec(header.trim());
  if (!match?.[1]) return false;
  return match[1].split(',').every((spec) => {
    const range = /^\s*(\d*)-(\d*)\s*$/.exec(spec);
    if (!range) return false;
    const [, first = '', last = ''] = range;
    if (first === '') return last !== '';
    return last === '' || BigInt(last) >= BigInt(first);
  });
}

export async function serveFile(req: Request, res: Response, store: FileStore, file: ServedFile): Promise<void> {
  const etag = `"${file.etag}"`;
  const type = file.type.startsWith('text/') ? `${file.type}; charset=utf-8` : file.type;

  // One range, unless If-Range names other bytes than these; several ranges get the whole file. Decided
  // before any header is set, so that a 416 goes out as the API's usual JSON error.
  let range: { start: number; end: number } | undefined;
  const ifRange = req.get('if-range');
  if (req.headers.range && validByteRanges(req.headers.range) && (!ifRange || ifRange === etag)) {
    const ranges = req.range(file.size);
    if (ranges === -1) {
      res.set('Content-Range', `bytes */${file.size}`);
      throw new HttpError(416, file.rangeMessage);
    }
    if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 && ranges[0]) range = ranges[0];
  }

  res.set({
    ...INERT,
    'Cache-Control': file.cacheControl,
    'Accept-Ranges': 'bytes',
    ETag: etag,
  });
  if (req.fresh) {
    res.status(304).end();
    return;
  }

  const body = await store.get(file.key, range);
  if (!body) throw notFound();
  // res.attachment sets a type from the name's extension: the content decided it, so it is set after.
  if (file.disposition === 'attachment') res.attachment(file.name);
  else res.set('Content-Disposition', 'inline');
  res.set('Content-Type', type);
  if (range) {
    res.status(206);
    res.set('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
    res.set('Content-Length', String(range.end - range.start + 1));
  } else {
    res.set('Content-Length', String(file.size));
  }
  if (req.method === 'HEAD') {
    body.destroy();
    res.end();
    return;
  }
  await pipeline(body, res);
}
