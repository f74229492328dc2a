// The checked-in icons (made by scripts/icons.mjs) are all there, in the sizes each OS needs, read from
// the files' own headers: PNG's IHDR, the ICO directory, the ICNS table of contents.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const buildDir = path.resolve(import.meta.dirname, '../build');
const read = (name: string) => readFileSync(path.join(buildDir, name));

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk. */
function pngSize(data: Buffer): { width: number; height: number } {
  if (!data.subarray(0, 8).equals(PNG_SIGNATURE) || data.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG');
  }
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** The sizes an ICO's directory lists (0 in a byte means 256), after checking each image's own size. */
function icoSizes(data: Buffer): number[] {
  if (data.readUInt16LE(0) !== 0 || data.readUInt16LE(2) !== 1) throw new Error('not an ICO');
  const sizes: number[] = [];
  for (let i = 0; i < data.readUInt16LE(4); i++) {
    const entry = 6 + i * 16;
    const width = data.readUInt8(entry) || 256;
    const height = data.readUInt8(entry + 1) || 256;
    const length = data.readUInt32LE(entry + 8);
    const image = data.subarray(data.readUInt32LE(entry + 12), data.readUInt32LE(entry + 12) + length);
    // Each image is a PNG or a BMP (a BITMAPINFOHEADER whose height counts the mask too).
    const actual = image.subarray(0, 8).equals(PNG_SIGNATURE)
      ? pngSize(image)
      : { width: image.readInt32LE(4), height: image.readInt32LE(8) / 2 };
    if (actual.width !== width || actual.height !== height) throw new Error(`ICO entry ${i} is not ${width}px`);
    if (width !== height) throw new Error(`ICO entry ${i} is not square`);
    sizes.push(width);
  }
  return sizes.sort((a, b) => a - b);
}

/** The pixel sizes of an ICNS's PNG entries, by OSType (ic07 = 128, ic10 = 1024 ...). */
function icnsSizes(data: Buffer): Map<string, number> {
  if (data.toString('latin1', 0, 4) !== 'icns' || data.readUInt32BE(4) !== data.length) throw new Error('not an ICNS');
  const sizes = new Map<string, number>();
  for (let offset = 8; offset < data.length; ) {
    const type = data.toString('latin1', offset, offset + 4);
    const length = data.readUInt32BE(offset + 4);
    if (length < 8) throw new Error(`bad ICNS entry ${type}`);
    const body = data.subarray(offset + 8, offset + length);
    if (body.subarray(0, 8).equals(PNG_SIGNATURE)) {
      const { width, height } = pngSize(body);
      if (width !== height) throw new Error(`ICNS ${type} is not square`);
      sizes.set(type, width);
    }
    offset += length;
  }
  return sizes;
}

describe('desktop icons (apps/desktop/build)', () => {
  it('icon.png is the 1024x1024 master', () => {
    expect(pngSize(read('icon.png'))).toEqual({ width: 1024, height: 1024 });
  });

  it('the Linux set has every hicolor size up to 512, each named for its size', () => {
    for (const size of [16, 24, 32, 48, 64, 128, 256, 512]) {
      expect(pngSize(read(`icons/${size}x${size}.png`)), `icons/${size}x${size}.png`).toEqual({
        width: size,
        height: size,
      });
    }
  });

  it('icon.ico holds 16 to 256 for Windows', () => {
    const sizes = icoSizes(read('icon.ico'));
    expect(sizes).toEqual(expect.arrayContaining([16, 24, 32, 48, 64, 128, 256]));
    expect(Math.max(...sizes)).toBe(256);
  });

  it('icon.icns holds the Retina sizes macOS asks for, 1024 included', () => {
    const sizes = icnsSizes(read('icon.icns'));
    // ic07..ic10: 128, 256, 512, 1024 (512@2x); ic11..ic14: the @2x variants of 16, 32, 128, 256.
    expect(Object.fromEntries(sizes)).toMatchObject({
      ic07: 128,
      ic08: 256,
      ic09: 512,
      ic10: 1024,
      ic11: 32,
      ic12: 64,
      ic13: 256,
      ic14: 512,
    });
  });
});
