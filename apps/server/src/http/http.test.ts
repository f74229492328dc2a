import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { MESSAGES } from '@mentora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import serverPackage from '../../package.json' with { type: 'json' };
import { makeClass, makeLearner, makeVerifiedMentor } from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { rawGet } from '../../test/rawHttp.js';
import { openReadyStream } from '../../test/sse.js';
import { getClass } from '../classes/service.js';
import { jsonOf } from '../db/readCache.js';
import { createLogger } from '../logger.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { CORS_ORIGINS: 'https://web.example.com' } });
});
afterAll(() => t.close());

describe('cross-cutting answers', () => {
  it("GET /api/health answers 200 {status: ok} with the server package's version", async () => {
    const res = await t.http.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', version: serverPackage.version });
    expect(serverPackage.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('GET /api/health/live answers 200 {status: ok}, not cached', async () => {
    const res = await t.http.get('/api/health/live');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('unknown /api paths answer a JSON 404 for every method', async () => {
    for (const method of ['get', 'post', 'put', 'delete'] as const) {
      const res = await t.http[method]('/api/no/such/thing');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('malformed JSON answers 400 with a message, not a stack trace', async () => {
    const res = await t.http.post('/api/auth/login').set('Content-Type', 'application/json').send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MESSAGES.server.malformedJson, requestId: expect.any(String) });
  });

  it('a body over 1 MB answers 413', async () => {
    const res = await t.http
      .post('/api/auth/register')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: MESSAGES.server.bodyTooLarge, requestId: expect.any(String) });
  });

  it('a non-JSON body answers 400 with field errors', async () => {
    const res = await t.http.post('/api/auth/register').set('Content-Type', 'text/plain').send('name=x');
    expect(res.status).toBe(400);
    expect(res.body.errors.length).toBeGreaterThan(0);
  });

  it('answers 400, never 500, for text PostgreSQL cannot store (a NUL character)', async () => {
    const named = await t.http
      .post('/api/auth/register')
      .send({ name: 'Nul\u0000Name', email: 'nul@example.test', password: 'long enough password' });
    expect(named.status).toBe(400);
    // A name is one line: NUL is refused with the other control characters (issue #35).
    expect(named.body.errors).toEqual([{ path: 'name', message: MESSAGES.input.controlCharacters('Name') }]);
    // The sign-in email is not a validated address, so the NUL reaches the database: still a 400.
    const login = await t.http.post('/api/auth/login').send({ email: 'a\u0000b@example.test', password: 'whatever1' });
    expect(login.status).toBe(400);
    expect(login.body).toEqual({ message: MESSAGES.server.unstorableText, requestId: expect.any(String) });
  });

  it('sends helmet security headers and no x-powered-by', async () => {
    const res = await t.http.get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('allows credentials for configured origins and the desktop app, nothing for others', async () => {
    for (const origin of ['https://web.example.com', 'app://mentora']) {
      const res = await t.http.get('/api/health').set('Origin', origin);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
    }
    const foreign = await t.http.get('/api/health').set('Origin', 'https://evil.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      env: {
        RATE_LIMIT: 'on',
        TRUST_PROXY: '1',
        LOGIN_RATE_LIMIT_PER_IP: '6',
        LOGIN_RATE_LIMIT_PER_ACCOUNT: '3',
        LOGIN_RATE_LIMIT_ACCOUNT_CEILING: '5',
        REGISTER_RATE_LIMIT_PER_IP: '2',
      },
    });
  });
  afterAll(() => limited.close());

  const login = (email: string, password: string, ip: string) =>
    limited.http.post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password });

  it('stops a guesser at their address, with Retry-After, while the owner signs in from another', async () => {
    const victim = await makeLearner(limited);
    const bystander = await makeLearner(limited);
    for (let i = 0; i < 3; i++) expect((await login(victim.user.email, 'wrong password', '10.0.0.1')).status).toBe(401);
    // Even the right password: the guesser's address has used its attempts on this account.
    const blocked = await login(victim.user.email, victim.password, '10.0.0.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: MESSAGES.server.tooManyRequests, requestId: expect.any(String) });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(victim.user.email, victim.password, '10.0.0.2')).status).toBe(200);
    expect((await login(bystander.user.email, bystander.password, '10.0.0.1')).status).toBe(200);
  });

  it('stops a guesser spread over many addresses at the account ceiling, never refusing a clean address', async () => {
    const victim = await makeLearner(limited);
    const guess = (ip: string) => login(victim.user.email, 'wrong password', ip);
    // Two wrong passwords from each address stay under the per-address limit (3); five in all reach the ceiling.
    const statuses = [];
    for (const ip of ['10.1.0.1', '10.1.0.1', '10.1.0.2', '10.1.0.2', '10.1.0.3'])
      statuses.push((await guess(ip)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const past = await guess('10.1.0.3');
    expect(past.status).toBe(429);
    expect(Number(past.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(victim.user.email, victim.password, '10.1.0.1')).status).toBe(429);
    // A new address gets its one answer, then it too has failures of its own.
    expect((await guess('10.1.0.4')).status).toBe(401);
    expect((await guess('10.1.0.4')).status).toBe(429);
    // The owner, from an address with no failures on this account, signs in.
    expect((await login(victim.user.email, victim.password, '10.1.0.99')).status).toBe(200);
  });

  it('limits sign-in attempts per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await login(`someone${i}@example.com`, 'x', '10.9.9.9')).status);
    expect(statuses.slice(0, 6).every((s) => s === 401)).toBe(true);
    expect(statuses[6]).toBe(429);
  });

  it('limits registrations per address', async () => {
    const reg = (n: number) =>
      limited.http
        .post('/api/auth/register')
        .set('X-Forwarded-For', '10.7.7.7')
        .send({ name: 'R', email: `r${n}@example.com`, password: 'long enough pw' });
    expect((await reg(1)).status).toBe(201);
    expect((await reg(2)).status).toBe(201);
    const third = await reg(3);
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
  });
});

describe('logging', () => {
  it('never writes passwords, tokens or cookies to the log', async () => {
    const sink = new PassThrough();
    let logged = '';
    sink.on('data', (chunk) => {
      logged += String(chunk);
    });
    const logging = await startTestServer({ logger: createLogger('trace', sink) });
    try {
      const password = 'SuperSecretPassword!42';
      const reg = await logging.http
        .post('/api/auth/register')
        .send({ name: 'Log', email: 'log@example.com', password });
      const login = await logging.http.post('/api/auth/login').send({ email: 'log@example.com', password });
      await logging.http.get('/api/auth/profile').set('Cookie', `token=${login.body.token}`);
      await logging.http.get('/api/auth/profile').set('Authorization', `Bearer ${reg.body.token}`);
      await logging.http.post('/api/auth/login').send({ email: 'log@example.com', password: 'WrongPassword!99' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(logged).toContain('/api/auth/login');
      for (const secret of [password, 'WrongPassword!99', reg.body.token, login.body.token]) {
        expect(logged).not.toContain(secret);
      }
    } finally {
      await logging.close();
    }
  });
});

describe('the request log', () => {
  /** Runs `check` on a server whose logger writes to memory at this level (requests(): its request lines so far), then closes it. */
  async function withLogging(
    level: string,
    check: (server: TestServer, requests: () => Record<string, unknown>[]) => Promise<void>,
  ) {
    const sink = new PassThrough();
    const lines: Record<string, unknown>[] = [];
    createInterface({ input: sink }).on('line', (line) => lines.push(JSON.parse(line)));
    const server = await startTestServer({ logger: createLogger(level, sink) });
    try {
      await check(server, () => lines.filter((line) => 'responseTime' in line));
    } finally {
      await server.close();
    }
  }

  it('writes one info line per request: method, path without its query, status and time; not health checks', async () => {
    await withLogging('info', async (server, requests) => {
      const learner = await makeLearner(server);
      await server.http.get('/api/health').expect(200);
      await server.http.get('/api/classes?search=private+words&limit=5').set(learner.auth).expect(200);
      await server.http.get('/api/no/such/thing').expect(404);
      await expect.poll(() => requests().length).toBeGreaterThanOrEqual(2);
      const mine = requests().filter((line) => (line.req as { url: string }).url !== '/api/auth/register');
      expect(mine.map(({ req, res, msg, level }) => ({ req, res, msg, level }))).toEqual([
        { req: { method: 'GET', url: '/api/classes' }, res: { statusCode: 200 }, msg: 'request completed', level: 30 },
        {
          req: { method: 'GET', url: '/api/no/such/thing' },
          res: { statusCode: 404 },
          msg: 'request completed',
          level: 30,
        },
      ]);
      for (const line of mine) expect(line.responseTime).toEqual(expect.any(Number));
      expect(JSON.stringify(requests())).not.toContain('private');
    });
  });

  it('says when the client went away before the answer ended (a live stream closed)', async () => {
    await withLogging('info', async (server, requests) => {
      const learner = await makeLearner(server);
      const stream = await openReadyStream(`${server.baseUrl}/api/events`, { headers: learner.auth });
      stream.close();
      await expect
        .poll(() => requests().find((line) => (line.req as { url: string }).url === '/api/events'))
        .toMatchObject({
          req: { method: 'GET', url: '/api/events' },
          res: { statusCode: 200 },
          msg: 'request aborted',
        });
    });
  });

  it('writes nothing per request above info', async () => {
    await withLogging('warn', async (server, requests) => {
      const learner = await makeLearner(server);
      await server.http.get('/api/classes').set(learner.auth).expect(200);
      await server.http.get('/api/no/such/thing').expect(404);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(requests()).toEqual([]);
    });
  });
});

describe('serving the web app', () => {
  it('names what index.html loads first in a Link header, so the browser fetches it with the page', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'mentora-web-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><head><script src="/theme-init.js"></script>
      <script type="module" crossorigin src="/assets/boot-1.js"></script>
      <script type="module" crossorigin src="/assets/index-2.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-3.js">
      <link rel="modulepreload" crossorigin href="/assets/boot-1.js">
      <link rel="icon" href="/favicon.svg">
      <link rel="stylesheet" crossorigin href="/assets/index-4.css"></head>`,
    );
    const web = await startTestServer({ env: { WEB_DIST_DIR: dist } });
    try {
      for (const route of ['/', '/classes/abc']) {
        const res = await web.http.get(route);
        expect(res.status).toBe(200);
        expect(res.headers.link).toBe(
          [
            '</assets/boot-1.js>; rel=modulepreload; crossorigin',
            '</assets/index-2.js>; rel=modulepreload; crossorigin',
            '</assets/react-3.js>; rel=modulepreload; crossorigin',
            '</assets/index-4.css>; rel=preload; as=style; crossorigin',
          ].join(', '),
        );
      }
      expect((await web.http.get('/api/nothing')).headers.link).toBeUndefined();
    } finally {
      await web.close();
    }
  });

  it('serves the build with a fallback to index.html, and keeps /api JSON', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'mentora-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Mentora test build</title>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    const web = await startTestServer({ env: { WEB_DIST_DIR: dist } });
    try {
      for (const route of ['/', '/classes/abc', '/discussions/create?classId=1']) {
        const res = await web.http.get(route);
        expect(res.status).toBe(200);
        expect(res.text).toContain('Mentora test build');
      }
      const asset = await web.http.get('/assets/app.js');
      expect(asset.status).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await web.http.get('/assets/missing.js')).status).toBe(404);
      const api = await web.http.get('/api/nothing');
      expect(api.status).toBe(404);
      expect(api.headers['content-type']).toMatch(/json/);
    } finally {
      await web.close();
    }
  });

  it('answers built JavaScript with the brotli or gzip file the build wrote, brotli to every browser, else plain', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'mentora-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Mentora test build</title>');
    const script = `export const words = ${JSON.stringify('mentora '.repeat(500))};`;
    // As the build writes them (apps/web/vite.config.ts): each asset beside its .br and .gz.
    const brotli = brotliCompressSync(script);
    const zipped = gzipSync(script, { level: 9 });
    writeFileSync(path.join(dist, 'assets', 'app.js'), script);
    writeFileSync(path.join(dist, 'assets', 'app.js.br'), brotli);
    writeFileSync(path.join(dist, 'assets', 'app.js.gz'), zipped);
    const web = await startTestServer({ env: { WEB_DIST_DIR: dist } });
    try {
      const url = `${web.baseUrl}/assets/app.js`;
      // What Chrome asks for; and brotli whenever it is accepted at all.
      for (const accepted of ['gzip, deflate, br, zstd', 'br;q=0.5, gzip']) {
        const br = await rawGet(url, { 'accept-encoding': accepted });
        expect(br.status, accepted).toBe(200);
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.headers['content-type']).toMatch(/javascript/);
        expect(br.headers['cache-control']).toContain('immutable');
        expect(br.headers.vary).toMatch(/Accept-Encoding/i);
        expect(Number(br.headers['content-length'])).toBe(brotli.length);
        expect(br.body.equals(brotli)).toBe(true);
      }
      // A client without brotli gets the gzip file.
      const gz = await rawGet(url, { 'accept-encoding': 'gzip, deflate' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.body.equals(zipped)).toBe(true);
      // Each file its own validator: a cache never takes one coding's bytes for another's.
      expect(gz.headers.etag).toBeDefined();
      expect(gz.headers.etag).not.toBe((await rawGet(url, { 'accept-encoding': 'br' })).headers.etag);
      const plain = await web.http.get('/assets/app.js').set('Accept-Encoding', 'identity');
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.text).toBe(script);
      const missing = await web.http.get('/assets/missing.js').set('Accept-Encoding', 'gzip, br');
      expect(missing.status).toBe(404);
      const outside = await web.http.get('/assets/..%2Findex.html').set('Accept-Encoding', 'gzip, br');
      expect(outside.headers['content-encoding']).toBeUndefined();
    } finally {
      await web.close();
    }
  });

  it('compresses as it sends what the build did not compress', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'mentora-web-'));
    mkdirSync(path.join(dist, 'assets'));
    const page = `<!doctype html><title>Mentora test build</title><p>${'mentora '.repeat(500)}</p>`;
    writeFileSync(path.join(dist, 'index.html'), page);
    const script = `export const words = ${JSON.stringify('mentora '.repeat(500))};`;
    writeFileSync(path.join(dist, 'assets', 'app.js'), script);
    const web = await startTestServer({ env: { WEB_DIST_DIR: dist } });
    try {
      const asset = await rawGet(`${web.baseUrl}/assets/app.js`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(asset.headers['content-encoding']).toBe('br');
      expect(asset.headers.vary).toMatch(/Accept-Encoding/i);
      expect(brotliDecompressSync(asset.body).toString('utf8')).toBe(script);
      const index = await rawGet(`${web.baseUrl}/classes/abc`, { 'accept-encoding': 'gzip' });
      expect(index.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(index.body).toString('utf8')).toBe(page);
    } finally {
      await web.close();
    }
  });

  it('answers large JSON gzip-compressed to clients that accept it, and plain to others', async () => {
    const bio = 'I teach watercolour and sketching to beginners. '.repeat(60);
    const reg = await t.http
      .post('/api/auth/register')
      .send({ name: 'Gzip Reader', email: 'gzip-reader@example.com', password: 'Password!234', role: 'learner', bio });
    expect(reg.status).toBe(201);
    const auth = { authorization: `Bearer ${reg.body.token}` };
    const zipped = await rawGet(`${t.baseUrl}/api/auth/profile`, { ...auth, 'accept-encoding': 'gzip' });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/application\/json/);
    expect(zipped.body.length).toBeLessThan(bio.length / 5);
    expect(JSON.parse(gunzipSync(zipped.body).toString('utf8')).bio).toBe(bio.trim());
    // Brotli where the client takes brotli, whatever its order; gzip where it prefers gzip.
    const br = await rawGet(`${t.baseUrl}/api/auth/profile`, { ...auth, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8')).bio).toBe(bio.trim());
    const preferGzip = await rawGet(`${t.baseUrl}/api/auth/profile`, { ...auth, 'accept-encoding': 'br;q=0.5, gzip' });
    expect(preferGzip.headers['content-encoding']).toBe('gzip');
    const plain = await rawGet(`${t.baseUrl}/api/auth/profile`, { ...auth, 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8')).bio).toBe(bio.trim());
    // Small answers are not worth compressing.
    const small = await rawGet(`${t.baseUrl}/api/nothing`, { 'accept-encoding': 'gzip' });
    expect(small.status).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends a kept answer (the read cache) as its kept bytes, plain or gzip, the gzip made once', async () => {
    const mentor = await makeVerifiedMentor(t);
    const cls = await makeClass(t, mentor, { description: 'Long enough to be worth compressing. '.repeat(60) });
    const auth = { authorization: `Bearer ${mentor.token}` };
    const url = `${t.baseUrl}/api/classes/${cls.id}`;
    const first = await rawGet(url, { ...auth, 'accept-encoding': 'identity' });
    expect(first.status).toBe(200);
    // The class's own change notification can arrive after that read was kept and drop it (it cannot
    // tell an old change from a new one): read until the answer is kept, a hit.
    await expect
      .poll(async () => {
        const before = t.ctx.readCache.hits;
        await rawGet(url, { ...auth, 'accept-encoding': 'identity' });
        return t.ctx.readCache.hits > before;
      })
      .toBe(true);
    const hits = t.ctx.readCache.hits;
    const plain = await rawGet(url, { ...auth, 'accept-encoding': 'identity' });
    const zipped = await rawGet(url, { ...auth, 'accept-encoding': 'gzip' });
    // Kept and sent many times: its gzip, made once, even to a client that also takes brotli.
    const zippedAgain = await rawGet(url, { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    expect(t.ctx.readCache.hits).toBe(hits + 3);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-length']).toBe(String(first.body.length));
    expect(plain.body.equals(first.body)).toBe(true);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gunzipSync(zipped.body).equals(first.body)).toBe(true);
    expect(zippedAgain.body.equals(zipped.body)).toBe(true);
    const kept = jsonOf(await getClass(t.ctx, cls.id));
    expect(kept?.bytes.equals(first.body)).toBe(true);
    expect((await kept?.gzipped)?.equals(zipped.body)).toBe(true);
  });

  it('serves a placeholder page when the web app is not built', async () => {
    const res = await t.http.get('/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('LEARN &bull; GROW &bull; EXCEL');
  });
});

describe('database outage', () => {
  it('health answers 503 once the database is gone, and calls answer 503 JSON', async () => {
    const doomed = await startTestServer();
    const learner = await makeLearner(doomed);
    await doomed.ctx.database.close();
    const health = await doomed.http.get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'unavailable', version: serverPackage.version });
    // The process itself is fine: liveness says so, so an orchestrator does not restart it for the database.
    const live = await doomed.http.get('/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const call = await doomed.http.get('/api/auth/profile').set(learner.auth);
    expect(call.status).toBe(503);
    expect(typeof call.body.message).toBe('string');
    doomed.server.close();
  });
});
