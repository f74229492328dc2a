import { once } from 'node:events';
import { get as httpGet, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../../test/rawHttp.js';
import { compressJson } from './compression.js';

let server: Server;
let baseUrl: string;

const items = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: i, content: `Reply number ${i}: the exercises were clear.` }));

beforeAll(async () => {
  const app = express();
  app.use(compressJson());
  app.get('/small', (_req, res) => {
    res.json({ items: items(1) });
  });
  app.get('/large', (_req, res) => {
    res.json({ items: items(4000) });
  });
  // An event stream: its first event must arrive while the stream stays open.
  app.get('/events', (_req, res) => {
    res.set({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    res.flushHeaders();
    res.write(`data: ${JSON.stringify(items(40))}\n\n`);
  });
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('compressJson', () => {
  it('answers JSON brotli-compressed where the client takes brotli, whatever its order, and says it varies', async () => {
    const answer = await rawGet(`${baseUrl}/large`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(brotliDecompressSync(answer.body).toString('utf8'))).toEqual({ items: items(4000) });
  });

  it('answers gzip to a client without brotli or that prefers gzip, plain to one that takes neither', async () => {
    for (const accepted of ['gzip', 'br;q=0.5, gzip']) {
      const answer = await rawGet(`${baseUrl}/large`, { 'accept-encoding': accepted });
      expect(answer.headers['content-encoding'], accepted).toBe('gzip');
      expect(JSON.parse(gunzipSync(answer.body).toString('utf8'))).toEqual({ items: items(4000) });
    }
    const plain = await rawGet(`${baseUrl}/large`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8'))).toEqual({ items: items(4000) });
  });

  it('sends answers under 1 KB as they are', async () => {
    const answer = await rawGet(`${baseUrl}/small`, { 'accept-encoding': 'gzip, br' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ items: items(1) });
  });

  it('leaves an event stream alone, so that each event arrives when it is written', async () => {
    const first = await new Promise<{ encoding: string | undefined; chunk: string }>((resolve, reject) => {
      const req = httpGet(`${baseUrl}/events`, { headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
        res.once('data', (chunk: Buffer) => {
          resolve({ encoding: res.headers['content-encoding'], chunk: chunk.toString('utf8') });
          req.destroy();
        });
      });
      req.on('error', reject);
    });
    expect(first.encoding).toBeUndefined();
    expect(first.chunk).toMatch(/^data: /);
  });
});
