import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { rawGet } from '../../test/rawGet.js';
import { compressedStatic } from './compressedStatic.js';

describe('compressedStatic', () => {
  it('compresses every file of the folder from the start, before anyone asks for it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mentora-assets-'));
    const script = `export const words = ${JSON.stringify('warm '.repeat(400))};`;
    writeFileSync(path.join(dir, 'app.js'), script);
    writeFileSync(path.join(dir, 'logo.png'), 'not text');
    mkdirSync(path.join(dir, 'nested.js'));
    const handler = compressedStatic(dir, 'public, max-age=60');
    await handler.warmed;
    // Gone from the disk: only what was compressed at the start can still be sent.
    rmSync(dir, { recursive: true });
    const app = express();
    app.use(handler);
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/app.js`;
    try {
      const br = await rawGet(url, { 'accept-encoding': 'br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).toString('utf8')).toBe(script);
      const zipped = await rawGet(url, { 'accept-encoding': 'gzip' });
      expect(zipped.status).toBe(200);
      expect(gunzipSync(zipped.body).toString('utf8')).toBe(script);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('settles its start-up work even when the folder cannot be read', async () => {
    const handler = compressedStatic(path.join(os.tmpdir(), 'mentora-no-such-folder'), 'no-cache');
    await expect(handler.warmed).resolves.toBeUndefined();
  });
});
