import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkServer, isLoopbackHost, normalizeServerUrl, validateServerUrl } from './serverAddress';

describe('normalizeServerUrl', () => {
  it.each([
    ['http://localhost:3000', 'http://localhost:3000'],
    ['  http://localhost:3000/  ', 'http://localhost:3000'],
    ['HTTPS://Mentora.Example.com:443/', 'https://mentora.example.com'],
    ['https://example.com/school/', 'https://example.com/school'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
    ['http://mentora.localhost', 'http://mentora.localhost'],
  ])('accepts %j as %j', (input, expected) => {
    expect(normalizeServerUrl(input)).toEqual({ ok: true, serverUrl: expected });
  });

  it.each([
    ['', /Enter the server address/],
    [42, /Enter the server address/],
    ['localhost:3000', /full address/],
    ['mentora.example.com', /full address/],
    ['ftp://files.example.com', /must start with https/],
    ['file:///etc', /must start with https/],
    ['javascript://alert(1)', /must start with https/],
    ['https://user:pass@example.com', /user name or password/],
    ['https://example.com/?a=1', /\? or #/],
    ['https://example.com/#x', /\? or #/],
    ['http://192.168.1.20:3000', /Use https:\/\//],
    ['http://mentora.example.com', /Use https:\/\//],
    ['https://exa mple.com', /not a valid address/],
    [`https://example.com/${'a'.repeat(3000)}`, /too long/],
  ])('refuses %j', (input, message) => {
    const result = normalizeServerUrl(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('knows which hosts are this computer', () => {
    expect(['localhost', 'LOCALHOST', 'a.localhost', '127.0.0.1', '127.1.2.3', '[::1]'].every(isLoopbackHost)).toBe(
      true,
    );
    expect(['localhost.example.com', '10.0.0.1', '128.0.0.1', 'example.com'].some(isLoopbackHost)).toBe(false);
  });
});

// A real HTTP server on loopback, answering /api/health as each test needs.
let server: Server;
let base: string;
let answer: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;
const requests: { url: string | undefined; method: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ url: req.url, method: req.method });
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function json(status: number, body: unknown) {
  return (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };
}

describe('checkServer', () => {
  it('passes a Mentora server: GET /api/health answered 200 {"status":"ok"}', async () => {
    answer = json(200, { status: 'ok' });
    requests.length = 0;
    expect(await checkServer(base, fetch)).toEqual({ ok: true, serverUrl: base });
    expect(requests).toEqual([{ url: '/api/health', method: 'GET' }]);
  });

  it('checks under the path of an address that has one', async () => {
    answer = json(200, { status: 'ok' });
    requests.length = 0;
    await checkServer(`${base}/school`, fetch);
    expect(requests[0]?.url).toBe('/school/api/health');
  });

  it('fails a server that is up but not ready (503)', async () => {
    answer = json(503, { status: 'unavailable' });
    const result = await checkServer(base, fetch);
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/starting or unwell \(503\)/) });
  });

  it('fails any other status', async () => {
    answer = json(404, { message: 'Not found' });
    expect(await checkServer(base, fetch)).toEqual({
      ok: false,
      message: expect.stringMatching(/answered 404 instead of 200/),
    });
  });

  it('fails a 200 that is not Mentora’s health answer', async () => {
    answer = (_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>It works!</h1>');
    expect(await checkServer(base, fetch)).toEqual({ ok: false, message: expect.stringMatching(/not a Mentora/) });
    answer = json(200, { status: 'maybe' });
    expect((await checkServer(base, fetch)).ok).toBe(false);
  });

  it('does not follow a redirect, and says where it leads', async () => {
    answer = (_req, res) => res.writeHead(301, { Location: 'https://mentora.example.com/api/health' }).end();
    expect(await checkServer(base, fetch)).toEqual({
      ok: false,
      message: expect.stringContaining('redirects to https://mentora.example.com'),
    });
  });

  it('fails when nothing listens there', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await checkServer(`http://127.0.0.1:${port}`, fetch)).toEqual({
      ok: false,
      message: expect.stringMatching(/^Could not reach/),
    });
  });

  it('gives up on a server that never answers', async () => {
    answer = () => undefined;
    expect(await checkServer(base, fetch, 200)).toEqual({
      ok: false,
      message: expect.stringMatching(/^Could not reach/),
    });
  });
});

describe('validateServerUrl', () => {
  it('asks nothing of the network for an address the rules refuse', async () => {
    requests.length = 0;
    const result = await validateServerUrl('http://192.168.0.9:3000', fetch);
    expect(result.ok).toBe(false);
    expect(requests).toEqual([]);
  });

  it('normalizes, then checks', async () => {
    answer = json(200, { status: 'ok' });
    expect(await validateServerUrl(` ${base}/ `, fetch)).toEqual({ ok: true, serverUrl: base });
  });
});
