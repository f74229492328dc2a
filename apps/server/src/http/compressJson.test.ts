import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../../test/rawGet.js';
import { compressJson } from './compressJson.js';

/** What each answer's handler saw right after `res.json` returned: whether the answer had gone out. */
const sentAtOnce = new Map<string, boolean>();
let server: Server;
let baseUrl: string;

const items = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: i, content: `Reply number ${i}: the exercises were clear.` }));

beforeAll(async () => {
  const app = express();
  app.use(compressJson());
  for (const [path, count] of [
    ['/small', 40],
    ['/large', 4000],
  ] as const) {
    app.get(path, (_req, res) => {
      res.json({ items: items(count) });
      sentAtOnce.set(path, res.headersSent);
    });
  }
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('compressJson', () => {
  it('compresses an answer of a few KB at once, without a trip through the thread pool', async () => {
    const answer = await rawGet(`${baseUrl}/small`, { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(answer.body).toString('utf8'))).toEqual({ items: items(40) });
    expect(sentAtOnce.get('/small')).toBe(true);
  });

  it('compresses an answer of hundreds of KB on the thread pool, off the event loop', async () => {
    const answer = await rawGet(`${baseUrl}/large`, { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(JSON.parse(gunzipSync(answer.body).toString('utf8'))).toEqual({ items: items(4000) });
    expect(sentAtOnce.get('/large')).toBe(false);
  });
});
