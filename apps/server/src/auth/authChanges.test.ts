import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeLearner, makeMentor, type TestUser } from '../../test/factories/index.js';
import { startTestServer, type TestServer, usingPostgres } from '../../test/harness.js';
import { CHANGE_LISTENER_NAME } from '../db/changeListener.js';
import { users } from '../db/schema.js';
import { startSession } from './sessions.js';
import { verifyToken } from './tokens.js';

// Signed-in sessions are kept in memory per process (sessionCache.ts). These tests prove that no
// process answers from a session or user that has changed.

const sessionIdOf = (t: TestServer, token: string) => verifyToken(t.ctx.config.jwtSecret, token)?.sessionId ?? '';

/** Signs the user in on t and checks that t now holds the session in memory. */
async function warm(t: TestServer, who: { token: string }) {
  const res = await t.http.get('/api/auth/profile').set({ Authorization: `Bearer ${who.token}` });
  expect(res.status).toBe(200);
  expect(t.ctx.sessionCache.get(sessionIdOf(t, who.token))).toBeDefined();
  return res.body as Record<string, unknown>;
}

const profile = (t: TestServer, who: { token: string }) =>
  t.http.get('/api/auth/profile').set({ Authorization: `Bearer ${who.token}` });

describe('the process that makes a change forgets the sessions it touched (no notifications heard)', () => {
  let t: TestServer;
  let admin: TestUser;
  beforeAll(async () => {
    // The cache is used but deaf to the database: only the code's own forgetting keeps it right.
    t = await startTestServer({ hearChanges: false });
    admin = await makeAdmin(t);
  });
  afterAll(() => t.close());

  it('logout, logout everywhere, deleting one’s account: the token is refused at once', async () => {
    const a = await makeLearner(t);
    await warm(t, a);
    expect((await t.http.post('/api/auth/logout').set(a.auth)).status).toBe(200);
    expect((await profile(t, a)).status).toBe(401);

    const b = await makeLearner(t);
    await warm(t, b);
    expect((await t.http.post('/api/auth/logout-all').set(b.auth)).status).toBe(200);
    expect((await profile(t, b)).status).toBe(401);

    const c = await makeLearner(t);
    await warm(t, c);
    const deleted = await t.http.delete('/api/auth/account').set(c.auth).send({ password: c.password });
    expect(deleted.status).toBe(200);
    expect((await profile(t, c)).status).toBe(401);
  });

  it('a password change ends the other sessions at once; a profile edit shows at once', async () => {
    const a = await makeLearner(t);
    const other = { token: await startSession(t.ctx.db, t.ctx.config.jwtSecret, a.user.id) };
    await warm(t, a);
    await warm(t, other);
    const changed = await t.http
      .put('/api/auth/password')
      .set(a.auth)
      .send({ currentPassword: a.password, newPassword: 'a brand new password' });
    expect(changed.status).toBe(200);
    expect((await profile(t, other)).status).toBe(401);
    expect((await profile(t, a)).status).toBe(200);

    const edited = await t.http
      .put('/api/auth/profile')
      .set(a.auth)
      .send({ name: 'Renamed Person', email: a.user.email, profilePicture: '', bio: '' });
    expect(edited.status).toBe(200);
    expect((await profile(t, a)).body.name).toBe('Renamed Person');
  });

  it('what an admin does to someone shows on that person’s very next request', async () => {
    const learner = await makeLearner(t);
    await warm(t, learner);
    const promoted = await t.http
      .put(`/api/admin/users/${learner.user.id}/role`)
      .set(admin.auth)
      .send({ role: 'mentor' });
    expect(promoted.status).toBe(200);
    expect((await profile(t, learner)).body.role).toBe('mentor');

    const mentor = await makeMentor(t);
    expect((await warm(t, mentor)).verificationRequested).toBe(false);
    expect((await t.http.post('/api/users/request-verification').set(mentor.auth)).status).toBe(200);
    expect((await profile(t, mentor)).body.verificationRequested).toBe(true);
    expect((await t.http.put(`/api/admin/verify-mentor/${mentor.user.id}`).set(admin.auth)).status).toBe(200);
    expect((await profile(t, mentor)).body.verified).toBe(true);

    const removed = await makeLearner(t);
    await warm(t, removed);
    expect((await t.http.delete(`/api/users/learner/${removed.user.id}`).set(admin.auth)).status).toBe(200);
    expect((await profile(t, removed)).status).toBe(401);
  });
});

/** Polls until check() passes (it throws until then), for changes that travel between processes. */
async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe('every process hears of changes made anywhere', () => {
  // Entries live for 60 s: a change seen well within that was heard, not waited out.
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer();
    // On PostgreSQL a second server on the same database, as a second process; PGlite has one process.
    b = usingPostgres() ? await startTestServer({ databaseUrl: a.ctx.config.databaseUrl }) : a;
    // A server keeps sessions only once it listens for changes: its listening connection may come up
    // after start-up returns, later on a busy machine (three tests here once failed on it under load).
    for (const server of [a, b]) await eventually(async () => expect(server.ctx.sessionCache.isListening).toBe(true));
  });
  afterAll(async () => {
    if (b !== a) await b.close();
    await a.close();
  });

  it('a logout on one process is refused on the other', async () => {
    const learner = await makeLearner(a);
    await warm(b, learner);
    expect((await a.http.post('/api/auth/logout').set(learner.auth)).status).toBe(200);
    await eventually(async () => expect((await profile(b, learner)).status).toBe(401));
  });

  it('a change made outside the server (the admin command, SQL) reaches every process', async () => {
    const learner = await makeLearner(a);
    await warm(a, learner);
    await warm(b, learner);
    await a.ctx.db.update(users).set({ name: 'Changed Elsewhere' }).where(eq(users.id, learner.user.id));
    for (const server of [a, b]) {
      await eventually(async () => expect((await profile(server, learner)).body.name).toBe('Changed Elsewhere'));
    }
  });

  it.runIf(usingPostgres())(
    'when the listening connection drops, sessions are read from the database until it is back',
    async () => {
      const learner = await makeLearner(a);
      await warm(b, learner);
      await a.ctx.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${CHANGE_LISTENER_NAME}`,
      );
      await eventually(async () => expect(b.ctx.sessionCache.isListening).toBe(false));
      // Deaf meanwhile, so nothing is kept: a change now is seen although nobody announced it to b.
      expect(b.ctx.sessionCache.size).toBe(0);
      await a.ctx.db.update(users).set({ name: 'Changed While Deaf' }).where(eq(users.id, learner.user.id));
      expect((await profile(b, learner)).body.name).toBe('Changed While Deaf');
      // Listening again (after a second), it caches and hears again.
      await eventually(async () => expect(b.ctx.sessionCache.isListening).toBe(true));
      await warm(b, learner);
      await a.ctx.db.update(users).set({ name: 'Heard Again' }).where(eq(users.id, learner.user.id));
      await eventually(async () => expect((await profile(b, learner)).body.name).toBe('Heard Again'));
    },
  );
});
