import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLearner } from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { ConfigError, loadConfig } from '../config.js';
import { sessions } from '../db/schema.js';
import { endIdleSessions } from './sessions.js';
import { verifyToken } from './tokens.js';

const DAY_MS = 24 * 3600 * 1000;

describe('SESSION_IDLE_DAYS', () => {
  it('is 30 days by default, and a whole number of days from 1 to 3650', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).sessionIdleMs).toBe(30 * DAY_MS);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), SESSION_IDLE_DAYS: '7' }).sessionIdleMs).toBe(7 * DAY_MS);
    for (const bad of ['0', '3651', '1.5', 'week']) {
      expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), SESSION_IDLE_DAYS: bad })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), SESSION_IDLE_DAYS: '0' })).toThrow(
      /^Invalid configuration: SESSION_IDLE_DAYS: SESSION_IDLE_DAYS must be between 1 and 3650/,
    );
  });
});

describe('idle sessions end', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { SESSION_IDLE_DAYS: '3' } });
  });
  afterAll(() => t.close());

  /** Pretends the token's session was last used `ms` ago; its id. */
  async function lastUsed(token: string, ms: number): Promise<string> {
    const claims = verifyToken(t.ctx.config.jwtSecret, token);
    if (!claims) throw new Error('test token does not verify');
    await t.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - ms) })
      .where(eq(sessions.id, claims.sessionId));
    return claims.sessionId;
  }
  const sessionRow = (id: string) => t.ctx.db.select().from(sessions).where(eq(sessions.id, id));

  it('answers 401 to a session idle past the configured limit and deletes it', async () => {
    const learner = await makeLearner(t);
    const id = await lastUsed(learner.token, 3 * DAY_MS + 60_000);
    const res = await t.http.get('/api/auth/profile').set(learner.auth);
    expect(res.status).toBe(401);
    expect(await sessionRow(id)).toHaveLength(0);
  });

  it('keeps a session used within the limit, and counts its idle time again from now', async () => {
    const learner = await makeLearner(t);
    const id = await lastUsed(learner.token, 3 * DAY_MS - 3600_000);
    expect((await t.http.get('/api/auth/profile').set(learner.auth)).status).toBe(200);
    const [row] = await sessionRow(id);
    expect(row?.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('gives the sign-in cookie the same lifetime as an unused session', async () => {
    const res = await t.http
      .post('/api/auth/register')
      .send({ name: 'Cookie Keeper', email: 'cookie.keeper@example.com', password: 'password123', role: 'learner' });
    expect(res.status).toBe(201);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`Max-Age=${3 * 24 * 3600}(;|$)`));
  });

  it('at start, the server ends every session idle past the limit, used again or not', async () => {
    const idle = await makeLearner(t);
    const active = await makeLearner(t);
    const idleId = await lastUsed(idle.token, 3 * DAY_MS + 60_000);
    const activeId = await lastUsed(active.token, 3 * DAY_MS - 3600_000);
    await endIdleSessions(t.ctx.db, t.ctx.config.sessionIdleMs);
    expect(await sessionRow(idleId)).toHaveLength(0);
    expect(await sessionRow(activeId)).toHaveLength(1);
  });
});
