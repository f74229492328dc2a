import { MESSAGES, type SanctionResponse } from '@mentora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, TEST_ENV, usingPostgres } from '../../test/harness.js';
import { call, type ServerProcess, spawnServer } from '../../test/processes.js';
import { openReadyStream, type SseStream } from '../../test/sse.js';

// A sanction imposed through one server process takes hold at once on another that shares the
// database: the other holds the person's session in its cache and their event stream open, and hears of
// the change only through PostgreSQL's NOTIFY (migration 0009_sanctions). No Redis: nothing else carries it.
// PostgreSQL only: the embedded database belongs to one process.

const ADMIN = { email: 'root@example.test', password: 'admin password 1' };
const reason = usingPostgres() ? undefined : 'several processes need a shared PostgreSQL (DATABASE_URL)';
if (reason) process.stdout.write(`skipped: sanctions across processes: ${reason}\n`);

/** How long a change may take to reach the other process: a notice, not a cache's lifetime (60 s). */
const AT_ONCE_MS = 2_000;

async function within<T>(ms: number, attempt: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await attempt();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(reason)('sanctions across two server processes', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let drop: () => Promise<void> = async () => {};
  const streams: SseStream[] = [];
  let adminToken = '';

  beforeAll(async () => {
    const scratch = await createScratchPostgres(process.env.DATABASE_URL as string);
    drop = scratch.drop;
    const env = {
      ...TEST_ENV,
      DATABASE_URL: scratch.url,
      EVENTS_HEARTBEAT_MS: '300000',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
    const admin = await call<{ token: string }>(a.base, 'POST', '/api/auth/login', { body: ADMIN });
    expect(admin.status).toBe(200);
    adminToken = admin.body.token;
  }, 240_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await drop();
  });

  let counter = 0;
  async function person() {
    counter += 1;
    const email = `person${counter}-${Date.now()}@example.test`;
    const res = await call<{ _id: string; token: string }>(b.base, 'POST', '/api/auth/register', {
      body: { name: `Person ${counter}`, email, password: 'long enough pw', role: 'learner' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body._id).toMatch(/^[0-9a-f-]{36}$/);
    // Held in B's session cache from here on.
    expect((await call(b.base, 'GET', '/api/auth/profile', { token: res.body.token })).status).toBe(200);
    return { id: res.body._id, token: res.body.token, email };
  }
  const sanction = (userId: string, body: Record<string, unknown>) =>
    call<SanctionResponse>(a.base, 'POST', `/api/users/${userId}/sanctions`, { token: adminToken, body });
  const postOnB = (token: string) =>
    call<{ message?: string }>(b.base, 'POST', '/api/community', {
      token,
      body: { title: 'Hello', content: 'Glad to be here.', category: 'general' },
    });

  it('a silence imposed on one process refuses writes on the other at once; lifting it restores them', async () => {
    const p = await person();
    expect((await postOnB(p.token)).status).toBe(201);
    const imposed = await sanction(p.id, { kind: 'silence', days: 2, reason: 'Insults' });
    expect(imposed.status, JSON.stringify(imposed.body)).toBe(201);
    const refused = await within(
      AT_ONCE_MS,
      () => postOnB(p.token),
      (r) => r.status === 403,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.server.silenced(imposed.body.sanction.endsAt ?? '', 'Insults'));
    // Reading is still allowed there.
    expect((await call(b.base, 'GET', '/api/community', { token: p.token })).status).toBe(200);
    const lifted = await call(a.base, 'DELETE', `/api/users/${p.id}/sanctions/${imposed.body.sanction._id}`, {
      token: adminToken,
      body: {},
    });
    expect(lifted.status).toBe(200);
    expect(
      (
        await within(
          AT_ONCE_MS,
          () => postOnB(p.token),
          (r) => r.status === 201,
        )
      ).status,
    ).toBe(201);
  });

  it('a suspension imposed on one process ends the sessions and event streams held by the other at once', async () => {
    const p = await person();
    const second = await call<{ token: string }>(b.base, 'POST', '/api/auth/login', {
      body: { email: p.email, password: 'long enough pw' },
    });
    expect(second.status).toBe(200);
    expect((await call(b.base, 'GET', '/api/auth/profile', { token: second.body.token })).status).toBe(200);
    const stream = await openReadyStream(`${b.base}/api/events`, { headers: { Authorization: `Bearer ${p.token}` } });
    streams.push(stream);

    const imposed = await sanction(p.id, { kind: 'suspend', days: 5, reason: 'Harassment' });
    expect(imposed.status, JSON.stringify(imposed.body)).toBe(201);
    const started = Date.now();
    for (const token of [p.token, second.body.token]) {
      const res = await within(
        AT_ONCE_MS,
        () => call<{ message: string }>(b.base, 'GET', '/api/auth/profile', { token }),
        (r) => r.status === 401,
      );
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(MESSAGES.server.invalidToken);
    }
    await stream.until(() => stream.ended, 'the stream on the other process to end', AT_ONCE_MS);
    expect(Date.now() - started).toBeLessThan(AT_ONCE_MS);
    // Signing in again on either process: 403, until when and why.
    for (const server of [a, b]) {
      const res = await call<{ message: string }>(server.base, 'POST', '/api/auth/login', {
        body: { email: p.email, password: 'long enough pw' },
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.server.suspended(imposed.body.sanction.endsAt ?? '', 'Harassment'));
    }
  });
});
