import { MESSAGES } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLearner, makeMentor } from '../../test/factories/index.js';
import { startTestServer, TEST_ENV, type TestServer } from '../../test/harness.js';
import { loadConfig } from '../config.js';
import { sessions, users } from '../db/schema.js';
import { usernameBase } from '../users/usernames.js';
import { hashPassword } from './passwords.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const register = (body: Record<string, unknown>) => t.http.post('/api/auth/register').send(body);
const valid = (n: string) => ({ name: `Person ${n}`, email: `person.${n}@example.com`, password: 'long enough pw' });
const noHash = (body: unknown) => {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/passwordHash|password_hash|\$2[aby]\$/);
};

describe('POST /api/auth/register', () => {
  it('creates a learner by default, answers 201 with the user and a token, and sets an httpOnly cookie', async () => {
    const res = await register(valid('a'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Person a',
      email: 'person.a@example.com',
      role: 'learner',
      verified: false,
    });
    expect(typeof res.body.token).toBe('string');
    expect(res.body.username).toBe(usernameBase('Person a'));
    noHash(res.body);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await t.http.get('/api/auth/profile').set('Authorization', `Bearer ${res.body.token}`);
    expect(me.status).toBe(200);
    expect(me.body._id).toBe(res.body._id);
  });

  it('accepts the mentor and both roles, and refuses admin with 400 and no account', async () => {
    expect((await register({ ...valid('m'), role: 'mentor' })).body.role).toBe('mentor');
    expect((await register({ ...valid('b'), role: 'both' })).body.role).toBe('both');
    const admin = await register({ ...valid('adm'), role: 'admin' });
    expect(admin.status).toBe(400);
    expect(admin.body.errors).toEqual([{ path: 'role', message: MESSAGES.server.adminRoleNotAllowed }]);
    const rows = await t.ctx.db.select().from(users).where(eq(users.email, 'person.adm@example.com'));
    expect(rows).toHaveLength(0);
  });

  it('answers 409 for an email taken in any letter case', async () => {
    await register(valid('dup'));
    const res = await register({ ...valid('dup2'), email: 'PERSON.DUP@Example.COM' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MESSAGES.server.emailTaken);
  });

  it('makes a username from the name, never the email (mentors see it on their rosters), unique', async () => {
    const a = await register({ ...valid('u1'), name: 'Zoë O’Neil', email: 'z.secret-handle@one.example' });
    const b = await register({ ...valid('u2'), name: 'Zoë O’Neil', email: 'z.secret-handle@two.example' });
    expect(a.body.username).toBe('zoe.o.neil');
    expect(b.body.username).toMatch(/^zoe\.o\.neil\d+$/);
    const unlatin = await register({ ...valid('u3'), name: '李', email: 'li.private@example.com' });
    expect(unlatin.body.username).toMatch(/^user(\d+)?$/);
    for (const res of [a, b, unlatin]) expect(res.body.username).not.toMatch(/secret|handle|private/);
  });

  it.each([
    [{ email: 'x@example.com', password: 'long enough pw' }, 'name'],
    [{ name: '   ', email: 'x@example.com', password: 'long enough pw' }, 'name'],
    [{ name: 'x'.repeat(101), email: 'x@example.com', password: 'long enough pw' }, 'name'],
    [{ name: 'X', email: 'not-an-email', password: 'long enough pw' }, 'email'],
    [{ name: 'X', email: 'x@example.com', password: 'short' }, 'password'],
    [{ name: 'X', email: 'x@example.com', password: 12345678 }, 'password'],
    [{ name: 'X', email: 'x@example.com', password: 'long enough pw', role: 'superuser' }, 'role'],
    [
      { name: 'X', email: 'x@example.com', password: 'long enough pw', profilePicture: 'javascript:alert(1)' },
      'profilePicture',
    ],
    [{ name: 'X', email: 'x@example.com', password: 'long enough pw', skills: 'not an array' }, 'skills'],
  ])('answers 400 naming the bad field (%#)', async (body, field) => {
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
  });

  it('hashes passwords with bcrypt cost 12 by default', async () => {
    expect(loadConfig({ ...TEST_ENV, BCRYPT_COST: '' }).bcryptCost).toBe(12);
    expect(await hashPassword('whatever password', 12)).toMatch(/^\$2[ab]\$12\$/);
  });
});

describe('POST /api/auth/login', () => {
  beforeAll(async () => {
    await register({ name: 'Login Person', email: 'login@example.com', password: 'right password' });
  });

  it('signs in with the email in any case, returning the user, a token and the cookie', async () => {
    const res = await t.http.post('/api/auth/login').send({ email: 'LOGIN@example.com', password: 'right password' });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('login@example.com');
    expect(typeof res.body.token).toBe('string');
    expect(String(res.headers['set-cookie'])).toMatch(/^token=/);
    noHash(res.body);
  });

  it('answers 401 with the same message for a wrong password and an unknown email', async () => {
    const wrongPassword = await t.http
      .post('/api/auth/login')
      .send({ email: 'login@example.com', password: 'wrong password' });
    const unknownEmail = await t.http
      .post('/api/auth/login')
      .send({ email: 'nobody@example.com', password: 'right password' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ message: 'Invalid email or password', requestId: expect.any(String) });
    expect(unknownEmail.body).toEqual({ message: 'Invalid email or password', requestId: expect.any(String) });
  });

  it('answers 400 for missing fields and wrong types', async () => {
    expect((await t.http.post('/api/auth/login').send({})).status).toBe(400);
    expect((await t.http.post('/api/auth/login').send({ email: 'login@example.com', password: ['x'] })).status).toBe(
      400,
    );
  });
});

describe('passwords longer than the 72 bytes bcrypt reads', () => {
  const first72 = 'P'.repeat(72);
  const login = (email: string, password: string) => t.http.post('/api/auth/login').send({ email, password });

  it('are refused at registration with the message under the password field, and no account is made', async () => {
    const res = await register({ name: 'Long', email: 'long@example.com', password: `${first72}SECRET12` });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'password', message: MESSAGES.account.passwordTooLong }]);
    expect(await t.ctx.db.select().from(users).where(eq(users.email, 'long@example.com'))).toHaveLength(0);
    // Bytes, not characters: 37 accented letters are 74 bytes.
    expect((await register({ ...valid('accents'), password: 'é'.repeat(37) })).status).toBe(400);
    expect((await register({ ...valid('accents'), password: 'é'.repeat(36) })).status).toBe(201);
  });

  it('never sign in to an account whose password is their first 72 bytes', async () => {
    expect((await register({ name: 'Exact', email: 'exact72@example.com', password: first72 })).status).toBe(201);
    expect((await login('exact72@example.com', `${first72}wrongwrong`)).status).toBe(401);
    expect((await login('exact72@example.com', `${first72}SECRET12`)).body).toEqual({
      message: MESSAGES.server.invalidCredentials,
      requestId: expect.any(String),
    });
    expect((await login('exact72@example.com', first72)).status).toBe(200);
  });

  it('are refused as a new password at password change and reset', async () => {
    const learner = await makeLearner(t);
    const change = await t.http
      .put('/api/auth/password')
      .set(learner.auth)
      .send({ currentPassword: learner.password, newPassword: `${first72}SECRET12` });
    expect(change.status).toBe(400);
    expect(change.body.errors).toEqual([{ path: 'newPassword', message: MESSAGES.account.passwordTooLong }]);
    const reset = await t.http.post('/api/auth/reset-password').send({ token: 'any', password: `${first72}SECRET12` });
    expect(reset.status).toBe(400);
    expect(reset.body.errors).toEqual([{ path: 'password', message: MESSAGES.account.passwordTooLong }]);
    expect((await login(learner.user.email, learner.password)).status).toBe(200);
  });
});

describe('logout', () => {
  it('ends only that session: the token then gets 401 everywhere, another session keeps working', async () => {
    const learner = await makeLearner(t);
    const other = await t.http.post('/api/auth/login').send({ email: learner.user.email, password: learner.password });
    const out = await t.http.post('/api/auth/logout').set(learner.auth);
    expect(out.status).toBe(200);
    expect(out.body.message).toBe(MESSAGES.logout.success);
    expect(String(out.headers['set-cookie'])).toMatch(/token=;/);
    const after = await t.http.get('/api/auth/profile').set(learner.auth);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(MESSAGES.server.invalidToken);
    expect((await t.http.post('/api/users/request-verification').set(learner.auth)).status).toBe(401);
    expect((await t.http.get('/api/auth/profile').set('Authorization', `Bearer ${other.body.token}`)).status).toBe(200);
  });

  it('answers 401 when not signed in', async () => {
    expect((await t.http.post('/api/auth/logout')).status).toBe(401);
  });
});

describe('GET and PUT /api/auth/profile', () => {
  it('accepts the token from the cookie alone and from the bearer header alone', async () => {
    const learner = await makeLearner(t);
    const byCookie = await t.http.get('/api/auth/profile').set('Cookie', `token=${learner.token}`);
    const byHeader = await t.http.get('/api/auth/profile').set(learner.auth);
    expect(byCookie.status).toBe(200);
    expect(byHeader.status).toBe(200);
    expect(byCookie.body._id).toBe(learner.user.id);
    noHash(byCookie.body);
  });

  it('answers 401 without a token, and for a forged or garbage one', async () => {
    expect((await t.http.get('/api/auth/profile')).status).toBe(401);
    expect((await t.http.get('/api/auth/profile').set('Authorization', 'Bearer not.a.jwt')).status).toBe(401);
    const forged = await t.http.get('/api/auth/profile').set('Cookie', 'token=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.');
    expect(forged.status).toBe(401);
  });

  it('updates name, email and bio, and ignores role, verified and password', async () => {
    const mentor = await makeMentor(t);
    const res = await t.http.put('/api/auth/profile').set(mentor.auth).send({
      name: ' New Name ',
      email: 'New.Address@Example.com',
      bio: 'Hello',
      currentPassword: mentor.password,
      role: 'admin',
      verified: true,
      password: 'hijack123',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'New Name',
      email: 'new.address@example.com',
      bio: 'Hello',
      role: 'mentor',
      verified: false,
    });
    noHash(res.body);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, mentor.user.id));
    expect(row?.role).toBe('mentor');
    expect(row?.passwordHash).toBe(mentor.user.passwordHash);
  });

  it('answers 409 when the new email belongs to someone else, 400 for bad fields', async () => {
    const a = await makeLearner(t);
    const b = await makeLearner(t);
    const taken = await t.http
      .put('/api/auth/profile')
      .set(a.auth)
      .send({ name: 'A', email: b.user.email.toUpperCase(), currentPassword: a.password });
    expect(taken.status).toBe(409);
    const badUrl = await t.http
      .put('/api/auth/profile')
      .set(a.auth)
      .send({ name: 'A', email: a.user.email, profilePicture: 'javascript:alert(1)' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.errors[0].path).toBe('profilePicture');
    const noName = await t.http.put('/api/auth/profile').set(a.auth).send({ email: a.user.email });
    expect(noName.status).toBe(400);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row?.email).toBe(a.user.email);
  });
});

describe('sessions', () => {
  it('stores one session row per sign-in and removes it at logout', async () => {
    const learner = await makeLearner(t);
    const count = async () =>
      (await t.ctx.db.select().from(sessions).where(eq(sessions.userId, learner.user.id))).length;
    expect(await count()).toBe(1);
    await t.http.post('/api/auth/login').send({ email: learner.user.email, password: learner.password });
    expect(await count()).toBe(2);
    await t.http.post('/api/auth/logout').set(learner.auth);
    expect(await count()).toBe(1);
  });
});
