import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLearner } from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createLogger } from '../logger.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestServer;
const lines: Record<string, unknown>[] = [];
beforeAll(async () => {
  const sink = new PassThrough();
  createInterface({ input: sink }).on('line', (line) => lines.push(JSON.parse(line)));
  t = await startTestServer({ logger: createLogger('info', sink) });
});
afterAll(() => t.close());

describe('the request id', () => {
  it('is a new UUID in the X-Request-Id header of every answer, one per request', async () => {
    const first = await t.http.get('/api/health');
    const second = await t.http.get('/api/health');
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    // Outside /api too: the web app's pages.
    expect((await t.http.get('/')).headers['x-request-id']).toMatch(UUID);
  });

  it("keeps the caller's X-Request-Id when it is a short token, and replaces anything else", async () => {
    const kept = 'edge-proxy.7f3A_91';
    expect((await t.http.get('/api/health').set('X-Request-Id', kept)).headers['x-request-id']).toBe(kept);
    for (const refused of ['x'.repeat(65), 'has space', 'back\\slash', 'quote"s', '<script>', 'ü', '']) {
      const res = await t.http.get('/api/health').set('X-Request-Id', refused);
      expect(res.headers['x-request-id'], refused).toMatch(UUID);
    }
    expect((await t.http.get('/api/health').set('X-Request-Id', 'x'.repeat(64))).headers['x-request-id']).toBe(
      'x'.repeat(64),
    );
  });

  it('is in the body of every error answer, the same as its header', async () => {
    const learner = await makeLearner(t);
    const answers = [
      await t.http.get('/api/no/such/thing'),
      await t.http.get('/api/auth/profile'),
      await t.http.post('/api/classes').set(learner.auth).send({}),
      await t.http.get('/api/classes/not-an-id').set(learner.auth),
      await t.http.post('/api/auth/login').set('Content-Type', 'application/json').send('{"email": '),
    ];
    for (const res of answers) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.body.requestId, res.text).toMatch(UUID);
      expect(res.body.requestId).toBe(res.headers['x-request-id']);
    }
    const given = await t.http.get('/api/no/such/thing').set('X-Request-Id', 'support-ticket-42');
    expect(given.body).toEqual({ message: 'No such API endpoint', requestId: 'support-ticket-42' });
  });

  it('is on the log lines written while handling a request: its request line and what its services log', async () => {
    const learner = await makeLearner(t);
    const failing = await t.http
      .post('/api/classes')
      .set(learner.auth)
      .set('X-Request-Id', 'failing-request-1')
      .send({});
    expect(failing.status).toBe(400);
    await expect
      .poll(() => lines.find((line) => line.requestId === 'failing-request-1' && 'responseTime' in line))
      .toMatchObject({ req: { method: 'POST', url: '/api/classes' }, res: { statusCode: 400 } });

    // The reset mail is logged (no SMTP_URL) by the mailer, deep in the service after the answer has
    // gone and the body was read asynchronously: the async context still names the request.
    const asked = await t.http
      .post('/api/auth/forgot-password')
      .set('X-Request-Id', 'reset-request-1')
      .send({ email: learner.user.email });
    expect(asked.status).toBe(200);
    await expect.poll(() => lines.find((line) => 'mail' in line && line.requestId === 'reset-request-1')).toBeDefined();
    // Lines written outside any request (start-up) carry none.
    expect(
      lines.filter((line) => line.msg === 'SMTP_URL is not set: this mail is written here instead of sent'),
    ).toEqual(lines.filter((line) => 'mail' in line));
  });
});
