import { MESSAGES } from '@mentora/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENV } from '../../test/harness.js';
import { integrityViolations, lostAcknowledgedWrites } from '../../test/integrity.js';
import { PrivatePostgres, requirePostgresBinariesOrSkip } from '../../test/privatePostgres.js';
import { type ServerProcess, spawnServer } from '../../test/processes.js';
import { type Answer, TRAFFIC_ADMIN, Traffic } from '../../test/traffic.js';

// PostgreSQL stopped hard in the middle of traffic, then started again (crash recovery), under a real
// server process. The cluster is the test's own (initdb on a free port): the machine's shared
// PostgreSQL is never stopped. src/http/http.test.ts covers the same answers for a database closed
// inside the process; this is the outage as production meets it.

const available = requirePostgresBinariesOrSkip('database outage tests');

const WRITES_AND_READS = ['register', 'read', 'reply', 'enrol', 'like', 'discussion', 'postReply', 'post'];
const ok = (a: Answer) => a.status >= 200 && a.status < 300;
const unavailable = (a: Answer) => a.status === 503 && !a.malformed;

async function health(base: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(30_000) });
  return { status: res.status, body: await res.json() };
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!available)('PostgreSQL stopped in the middle of traffic', () => {
  let cluster: PrivatePostgres | undefined;
  let server: ServerProcess | undefined;
  let traffic: Traffic;

  beforeAll(async () => {
    cluster = await PrivatePostgres.create();
    server = await spawnServer({
      ...TEST_ENV,
      LOG_LEVEL: 'warn',
      DATABASE_URL: cluster.url,
      ADMIN_EMAIL: TRAFFIC_ADMIN.email,
      ADMIN_PASSWORD: TRAFFIC_ADMIN.password,
    });
    traffic = await Traffic.seed(server.base);
  }, 240_000);

  afterAll(async () => {
    await traffic?.stop();
    await server?.stop();
    await cluster?.destroy();
  }, 60_000);

  it('answers 503 JSON while it is down, stays up, and recovers with every record whole', async () => {
    if (!server || !cluster) throw new Error('not started');
    const { base } = server;
    // Learners kept back for the outage's enrols and likes: until it, each is used as it registers, and
    // those left can go on 503s while the cluster stops (a run failed with none left for the outage).
    traffic.keep = 3;
    traffic.start(6);
    await traffic.until(
      () => traffic.of('before').filter(ok).length >= 40 && traffic.waiting >= 3,
      'traffic before the outage',
    );

    await cluster.stop('immediate');
    traffic.phase = 'outage';
    traffic.keep = 0;
    const refused = () =>
      new Set(
        traffic
          .of('outage')
          .filter(unavailable)
          .map((a) => a.op),
      );
    await traffic.until(
      () => WRITES_AND_READS.every((op) => refused().has(op)),
      '503 answers to every kind of read and write during the outage',
    );
    const down = await health(base);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      status: 'unavailable',
      message: MESSAGES.server.unavailable,
      version: expect.any(String),
      requestId: expect.any(String),
    });
    // Every kind of call answered 503 with the API's error shape, not 401 (a client would sign out) or 500.
    const during = traffic.of('outage').filter((a) => !ok(a));
    expect(during.filter((a) => !unavailable(a))).toEqual([]);
    expect(during.find((a) => a.op === 'register')?.body).toEqual({
      message: MESSAGES.server.unavailable,
      requestId: expect.any(String),
    });
    expect(server.child.exitCode).toBeNull();

    await cluster.start();
    // The pool reconnects by itself: health turns 200 with no restart of the process.
    let back = await health(base);
    for (let i = 0; i < 120 && back.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 500));
      back = await health(base);
    }
    expect(back).toEqual({ status: 200, body: { status: 'ok', version: expect.any(String) } });
    traffic.phase = 'after';
    await traffic.until(() => traffic.of('after').filter(ok).length >= 40, 'traffic after the outage');
    await traffic.stop();
    expect(server.child.exitCode).toBeNull();

    // Once it is back, every call succeeds again; over the whole run nothing but 2xx and 503 JSON.
    expect(traffic.of('after').filter((a) => !ok(a))).toEqual([]);
    expect(traffic.answers.filter((a) => !ok(a) && !unavailable(a))).toEqual([]);
    expect(server.output()).not.toContain('unhandled error');

    // No half-written records, and every write the server acknowledged is there.
    await withClient(cluster.url, async (client) => {
      expect(await integrityViolations(client)).toEqual([]);
      expect(await lostAcknowledgedWrites(client, traffic.ack)).toEqual([]);
    });
    expect(traffic.ack.deletedClasses.length).toBeGreaterThan(0);
    expect(traffic.ack.enrolled.length).toBeGreaterThan(0);
    expect(traffic.ack.liked.length).toBeGreaterThan(0);

    // And it still shuts down cleanly: no connection from the outage is held (pool.end() would wait for it).
    expect(await server.stop()).toBe(0);
  }, 600_000);
});
