import { MESSAGES } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAdmin,
  makeClassWithLearners,
  makeDiscussion,
  makeDiscussionReply,
  makeLearner,
  makePost,
  makePostReply,
  makeReview,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  classes,
  communityPosts,
  communityReplies,
  discussionReplies,
  discussions,
  enrolments,
  passwordResets,
  reviews,
  sessions,
  users,
} from '../db/schema.js';
import { hashResetToken } from './passwordReset.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a fresh passphrase';

// Sign-ins go through a client without a cookie jar, so that t.http stays signed out.
const login = (email: string, password: string) =>
  supertest(t.server).post('/api/auth/login').send({ email, password });
const profileWith = (token: string) => t.http.get('/api/auth/profile').set('Authorization', `Bearer ${token}`);
const changePassword = (who: TestUser, body: Record<string, unknown>) =>
  t.http.put('/api/auth/password').set(who.auth).send(body);
const deleteAccount = (who: TestUser, body: Record<string, unknown>) =>
  t.http.delete('/api/auth/account').set(who.auth).send(body);
/** Two more sign-ins of the same user: their tokens. */
async function otherDevices(who: TestUser): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < 2; i++) tokens.push((await login(who.user.email, who.password)).body.token);
  return tokens;
}
const sessionCount = async (userId: string) =>
  (await t.ctx.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe('PUT /api/auth/password', () => {
  it('answers 400 on currentPassword (not 401) for a wrong current password, changing nothing', async () => {
    const learner = await makeLearner(t);
    const others = await otherDevices(learner);
    const res = await changePassword(learner, { currentPassword: 'not my password', newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: MESSAGES.account.currentPasswordWrong,
      errors: [{ path: 'currentPassword', message: MESSAGES.account.currentPasswordWrong }],
      requestId: expect.any(String),
    });
    expect((await login(learner.user.email, learner.password)).status).toBe(200);
    for (const token of [learner.token, ...others]) expect((await profileWith(token)).status).toBe(200);
  });

  it("sets the new password and ends every other session, keeping the caller's", async () => {
    const learner = await makeLearner(t);
    const others = await otherDevices(learner);
    expect(await sessionCount(learner.user.id)).toBe(3);
    const res = await changePassword(learner, { currentPassword: learner.password, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.account.passwordChanged });
    expect((await profileWith(learner.token)).status).toBe(200);
    for (const token of others) expect((await profileWith(token)).status).toBe(401);
    expect(await sessionCount(learner.user.id)).toBe(1);
    expect((await login(learner.user.email, learner.password)).status).toBe(401);
    expect((await login(learner.user.email, NEW_PASSWORD)).status).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, learner.user.id));
    expect(row?.passwordHash).toMatch(/^\$2[ab]\$04\$/);
  });

  it('makes reset links sent before the change useless', async () => {
    const learner = await makeLearner(t);
    const token = 'a-reset-token-mailed-before-the-change';
    await t.ctx.db.insert(passwordResets).values({
      userId: learner.user.id,
      tokenHash: hashResetToken(token),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    expect(
      (await changePassword(learner, { currentPassword: learner.password, newPassword: NEW_PASSWORD })).status,
    ).toBe(200);
    const res = await t.http.post('/api/auth/reset-password').send({ token, password: 'an attacker passphrase' });
    expect(res.status).toBe(400);
    expect((await login(learner.user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it.each([
    [{ newPassword: NEW_PASSWORD }, 'currentPassword'],
    [{ currentPassword: '', newPassword: NEW_PASSWORD }, 'currentPassword'],
    [{ currentPassword: 12345678, newPassword: NEW_PASSWORD }, 'currentPassword'],
    [{ currentPassword: 'whatever' }, 'newPassword'],
    [{ currentPassword: 'whatever', newPassword: '' }, 'newPassword'],
    [{ currentPassword: 'whatever', newPassword: 'short' }, 'newPassword'],
    [{ currentPassword: 'whatever', newPassword: ['long enough password'] }, 'newPassword'],
  ])('answers 400 naming the bad field (%#)', async (body, field) => {
    const learner = await makeLearner(t);
    const res = await changePassword(learner, body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    expect((await login(learner.user.email, learner.password)).status).toBe(200);
  });

  it('answers 401 when signed out or with an ended session', async () => {
    const body = { currentPassword: 'whatever', newPassword: NEW_PASSWORD };
    expect((await t.http.put('/api/auth/password').send(body)).status).toBe(401);
    const learner = await makeLearner(t);
    await t.http.post('/api/auth/logout').set(learner.auth);
    const res = await changePassword(learner, { ...body, currentPassword: learner.password });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MESSAGES.server.invalidToken);
  });
});

describe('DELETE /api/auth/account', () => {
  it('answers 400 on password for a wrong password, deleting nothing', async () => {
    const learner = await makeLearner(t);
    const res = await deleteAccount(learner, { password: 'not my password' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'password', message: MESSAGES.account.passwordWrong }]);
    expect((await profileWith(learner.token)).status).toBe(200);
  });

  it('deletes a mentor with everything they owned, ends their sessions and clears the cookie', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t);
    const [learner] = learners as [TestUser, TestUser];
    const discussion = await makeDiscussion(t, mentor, cls);
    await makeDiscussionReply(t, learner, discussion);
    await makeReview(t, cls, learner);
    const post = await makePost(t, mentor);
    const learnersPost = await makePost(t, learner);
    await makePostReply(t, mentor, learnersPost);
    const [other] = await otherDevices(mentor);

    const res = await deleteAccount(mentor, { password: mentor.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.account.accountDeleted });
    expect(String(res.headers['set-cookie'])).toMatch(/token=;/);

    for (const token of [mentor.token, other ?? '']) expect((await profileWith(token)).status).toBe(401);
    expect((await login(mentor.user.email, mentor.password)).status).toBe(401);
    const gone = async <T>(rows: Promise<T[]>) => expect(await rows).toHaveLength(0);
    await gone(t.ctx.db.select().from(users).where(eq(users.id, mentor.user.id)));
    await gone(t.ctx.db.select().from(sessions).where(eq(sessions.userId, mentor.user.id)));
    await gone(t.ctx.db.select().from(classes).where(eq(classes.id, cls.id)));
    await gone(t.ctx.db.select().from(enrolments).where(eq(enrolments.classId, cls.id)));
    await gone(t.ctx.db.select().from(discussions).where(eq(discussions.classId, cls.id)));
    await gone(t.ctx.db.select().from(discussionReplies).where(eq(discussionReplies.discussionId, discussion._id)));
    await gone(t.ctx.db.select().from(reviews).where(eq(reviews.classId, cls.id)));
    await gone(t.ctx.db.select().from(communityPosts).where(eq(communityPosts.id, post._id)));
    await gone(t.ctx.db.select().from(communityReplies).where(eq(communityReplies.authorId, mentor.user.id)));
    // What others own stays.
    expect(await t.ctx.db.select().from(communityPosts).where(eq(communityPosts.id, learnersPost._id))).toHaveLength(1);
    expect((await profileWith(learner.token)).status).toBe(200);
  });

  it("deletes a learner's enrolments and reviews, leaving the class", async () => {
    const { cls, learners } = await makeClassWithLearners(t);
    const [learner, classmate] = learners as [TestUser, TestUser];
    await makeReview(t, cls, learner);
    expect((await deleteAccount(learner, { password: learner.password })).status).toBe(200);
    expect(await t.ctx.db.select().from(enrolments).where(eq(enrolments.userId, learner.user.id))).toHaveLength(0);
    expect(await t.ctx.db.select().from(reviews).where(eq(reviews.userId, learner.user.id))).toHaveLength(0);
    expect(await t.ctx.db.select().from(classes).where(eq(classes.id, cls.id))).toHaveLength(1);
    expect(await t.ctx.db.select().from(enrolments).where(eq(enrolments.userId, classmate.user.id))).toHaveLength(1);
  });

  it('never deletes the last administrator (409), even when two try at once', async () => {
    // This file's database has no admin but the ones this test makes.
    const first = await makeAdmin(t);
    const alone = await deleteAccount(first, { password: first.password });
    expect(alone.status).toBe(409);
    expect(alone.body).toEqual({ message: MESSAGES.account.lastAdmin, requestId: expect.any(String) });
    expect((await profileWith(first.token)).status).toBe(200);

    const second = await makeAdmin(t);
    expect((await deleteAccount(first, { password: first.password })).status).toBe(200);
    expect((await deleteAccount(second, { password: second.password })).status).toBe(409);

    const third = await makeAdmin(t);
    const both = await Promise.all([
      deleteAccount(second, { password: second.password }),
      deleteAccount(third, { password: third.password }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await t.ctx.db.select().from(users).where(eq(users.role, 'admin'))).toHaveLength(1);
  });

  it.each([[{}], [{ password: '' }], [{ password: 12345678 }], [{ password: null }]])(
    'answers 400 for a missing or malformed password (%#)',
    async (body) => {
      const learner = await makeLearner(t);
      const res = await deleteAccount(learner, body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe('password');
      expect((await profileWith(learner.token)).status).toBe(200);
    },
  );

  it('answers 401 when signed out', async () => {
    expect((await t.http.delete('/api/auth/account').send({ password: 'whatever' })).status).toBe(401);
  });
});

describe('POST /api/auth/logout-all', () => {
  it('ends every session of the user, the current one included, and clears the cookie', async () => {
    const learner = await makeLearner(t);
    const bystander = await makeLearner(t);
    const others = await otherDevices(learner);
    const res = await t.http.post('/api/auth/logout-all').set(learner.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.account.loggedOutEverywhere });
    expect(String(res.headers['set-cookie'])).toMatch(/token=;/);
    for (const token of [learner.token, ...others]) expect((await profileWith(token)).status).toBe(401);
    expect(await sessionCount(learner.user.id)).toBe(0);
    expect((await profileWith(bystander.token)).status).toBe(200);
    expect((await login(learner.user.email, learner.password)).status).toBe(200);
  });

  it('answers 401 when signed out', async () => {
    expect((await t.http.post('/api/auth/logout-all')).status).toBe(401);
  });
});

describe('password checks are rate limited per user', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { RATE_LIMIT: 'on', LOGIN_RATE_LIMIT_PER_ACCOUNT: '3' } });
  });
  afterAll(() => limited.close());

  it('stops guessing the current password through a signed-in session, with Retry-After', async () => {
    const victim = await makeLearner(limited);
    const bystander = await makeLearner(limited);
    const wrong = { currentPassword: 'guess', newPassword: NEW_PASSWORD };
    for (let i = 0; i < 2; i++)
      expect((await limited.http.put('/api/auth/password').set(victim.auth).send(wrong)).status).toBe(400);
    expect((await limited.http.delete('/api/auth/account').set(victim.auth).send({ password: 'guess' })).status).toBe(
      400,
    );
    const blocked = await limited.http
      .put('/api/auth/password')
      .set(victim.auth)
      .send({ currentPassword: victim.password, newPassword: NEW_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const fine = await limited.http
      .put('/api/auth/password')
      .set(bystander.auth)
      .send({ currentPassword: bystander.password, newPassword: NEW_PASSWORD });
    expect(fine.status).toBe(200);
  });

  it("binds the limit to the guessing session: the owner's other session still changes the password", async () => {
    const owner = await makeLearner(limited);
    const stolen = owner.auth;
    const wrong = { currentPassword: 'guess', newPassword: NEW_PASSWORD };
    for (let i = 0; i < 3; i++)
      expect((await limited.http.put('/api/auth/password').set(stolen).send(wrong)).status).toBe(400);
    expect((await limited.http.put('/api/auth/password').set(stolen).send(wrong)).status).toBe(429);
    const signIn = await limited.http
      .post('/api/auth/login')
      .send({ email: owner.user.email, password: owner.password });
    const changed = await limited.http
      .put('/api/auth/password')
      .set('Authorization', `Bearer ${signIn.body.token}`)
      .send({ currentPassword: owner.password, newPassword: NEW_PASSWORD });
    expect(changed.status).toBe(200);
  });
});
