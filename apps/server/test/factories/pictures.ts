import { crc32, deflateSync } from 'node:zlib';

// Pictures made without an image library, so that the fuzz generators (synchronous) and bench/upload
// can make them too.

/**
 * A valid greyscale PNG of `width` by `height` black pixels, made without decoding anything: a few
 * kilobytes however many pixels it says it has (100000 by 10 is about 1 KB). Kept once made.
 */
export function blankPng(width: number, height: number): Buffer {
  const key = `${width}x${height}`;
  const kept = blankPngs.get(key);
  if (kept) return kept;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8 bits, greyscale, deflate, no filter method, not interlaced
  // Each row: filter byte 0 and `width` zero bytes; all zeros, so it is deflated row by row into a stream.
  const deflate = deflateSync(Buffer.alloc(height * (width + 1)), { level: 9 });
  const png = Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflate),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  blankPngs.set(key, png);
  return png;
}
const blankPngs = new Map<string, Buffer>();
