import { PassThrough } from 'node:stream';
import { MESSAGES } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLearner, type TestUser } from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { type SmtpStub, startSmtpStub } from '../../test/smtpStub.js';
import { passwordResets, users } from '../db/schema.js';
import { createLogger } from '../logger.js';
import { emailChangedMail, maskEmail } from './emailChange.js';
import { hashResetToken } from './passwordReset.js';

let counter = 0;
const newAddress = () => `moved-${++counter}-${Date.now()}@elsewhere.test`;

// Sign-ins go through a client without a cookie jar, so that t.http stays signed out.
const login = (t: TestServer, email: string, password: string) =>
  supertest(t.server).post('/api/auth/login').send({ email, password });
const profileWith = (t: TestServer, token: string) =>
  t.http.get('/api/auth/profile').set('Authorization', `Bearer ${token}`);
const update = (t: TestServer, who: TestUser, changes: Record<string, unknown>) =>
  t.http
    .put('/api/auth/profile')
    .set(who.auth)
    .send({ name: who.user.name, email: who.user.email, ...changes });
const emailOf = async (t: TestServer, id: string) =>
  (await t.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;

/** A reset link of this user still pending, as the mail to their address would carry it. */
async function pendingResetLink(t: TestServer, who: TestUser): Promise<string> {
  const token = `a-reset-link-${++counter}-sent-to-the-old-address`;
  await t.ctx.db.insert(passwordResets).values({
    userId: who.user.id,
    tokenHash: hashResetToken(token),
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return token;
}

describe('changing the email through PUT /api/auth/profile', () => {
  let t: TestServer;
  let smtp: SmtpStub;
  beforeAll(async () => {
    smtp = await startSmtpStub();
    t = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Mentora <no-reply@mentora.example>' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('answers 400 on currentPassword when it is missing or wrong, changing nothing and ending nothing', async () => {
    const learner = await makeLearner(t);
    const other = (await login(t, learner.user.email, learner.password)).body.token as string;
    const link = await pendingResetLink(t, learner);
    const email = newAddress();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email }, MESSAGES.account.emailChangeNeedsPassword],
      [{ email, currentPassword: 'not my password' }, MESSAGES.account.currentPasswordWrong],
      [{ email, currentPassword: '' }, 'Current password is required'],
    ];
    for (const [body, message] of cases) {
      const res = await update(t, learner, { ...body, name: 'Not Renamed' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'currentPassword', message }]);
    }
    expect(await emailOf(t, learner.user.id)).toBe(learner.user.email);
    expect((await profileWith(t, other)).body.name).toBe(learner.user.name);
    expect(
      (await t.http.post('/api/auth/reset-password').send({ token: link, password: 'still usable pw' })).status,
    ).toBe(200);
    expect(smtp.received.filter((mail) => mail.to.includes(learner.user.email))).toEqual([]);
  });

  it('with the right password: changes it, ends the other sessions, refuses old reset links and mails the old address', async () => {
    const learner = await makeLearner(t);
    const others = [
      (await login(t, learner.user.email, learner.password)).body.token as string,
      (await login(t, learner.user.email, learner.password)).body.token as string,
    ];
    const link = await pendingResetLink(t, learner);
    const email = newAddress();
    const before = Date.now();

    const res = await update(t, learner, { email, currentPassword: learner.password });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(email);
    expect(await emailOf(t, learner.user.id)).toBe(email);

    expect((await profileWith(t, learner.token)).status).toBe(200);
    for (const token of others) expect((await profileWith(t, token)).status).toBe(401);
    const reset = await t.http
      .post('/api/auth/reset-password')
      .send({ token: link, password: 'an attacker passphrase' });
    expect(reset.status).toBe(400);
    expect(reset.body).toEqual({ message: MESSAGES.account.resetLinkInvalid, requestId: expect.any(String) });
    expect((await login(t, email, learner.password)).status).toBe(200);
    expect((await login(t, learner.user.email, learner.password)).status).toBe(401);

    const mail = await smtp.next();
    expect(mail.to).toEqual([learner.user.email]);
    expect(mail.subject).toBe('Your Mentora email was changed');
    expect(mail.text).toContain(maskEmail(email));
    expect(mail.text).not.toContain(email);
    const when = /on (\w{3}, \d{2} \w{3} \d{4} [\d:]{8} GMT)/.exec(mail.text)?.[1] ?? '';
    expect(Date.parse(when)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(mail.text).toMatch(/If you did not, someone else has your password/);
  });

  it('needs no password for name or bio, nor for the same email differently cased, and ends nothing', async () => {
    const learner = await makeLearner(t);
    const other = (await login(t, learner.user.email, learner.password)).body.token as string;
    const link = await pendingResetLink(t, learner);
    const res = await update(t, learner, {
      name: 'Renamed Learner',
      email: learner.user.email.toUpperCase(),
      bio: 'New bio',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed Learner', email: learner.user.email, bio: 'New bio' });
    // A password sent along with an unchanged email is not checked (nor needed).
    expect((await update(t, learner, { name: 'Again', currentPassword: 'wrong but unused' })).status).toBe(200);
    expect((await profileWith(t, other)).status).toBe(200);
    expect(
      (await t.http.post('/api/auth/reset-password').send({ token: link, password: 'still usable pw' })).status,
    ).toBe(200);
    expect(smtp.received.filter((mail) => mail.to.includes(learner.user.email))).toEqual([]);
  });

  it('answers 409 for an email another account has, once the password is right', async () => {
    const a = await makeLearner(t);
    const b = await makeLearner(t);
    const res = await update(t, a, { email: b.user.email.toUpperCase(), currentPassword: a.password });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MESSAGES.server.emailTaken);
    expect(await emailOf(t, a.user.id)).toBe(a.user.email);
  });
});

describe('when the mail to the old address cannot be sent', () => {
  let t: TestServer;
  let smtp: SmtpStub;
  const lines: string[] = [];
  beforeAll(async () => {
    smtp = await startSmtpStub({ refuse: true });
    const sink = new PassThrough();
    sink.on('data', (chunk) => lines.push(...String(chunk).split('\n').filter(Boolean)));
    t = await startTestServer({ env: { SMTP_URL: smtp.url }, logger: createLogger('error', sink) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('the change still succeeds, and the failure is logged', async () => {
    const learner = await makeLearner(t);
    const email = newAddress();
    const res = await update(t, learner, { email, currentPassword: learner.password });
    expect(res.status).toBe(200);
    expect(await emailOf(t, learner.user.id)).toBe(email);
    const deadline = Date.now() + 5_000;
    while (!lines.some((line) => line.includes('email was changed')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; userId?: string });
    expect(logged).toContainEqual(
      expect.objectContaining({ userId: learner.user.id, msg: expect.stringMatching(/email was changed/) }),
    );
  });
});

describe('wrong current passwords on an email change are rate limited per user', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { RATE_LIMIT: 'on', LOGIN_RATE_LIMIT_PER_ACCOUNT: '3' } });
  });
  afterAll(() => limited.close());

  it('shares the budget of the password change, while plain edits do not use it up', async () => {
    const victim = await makeLearner(limited);
    for (let i = 0; i < 5; i++) expect((await update(limited, victim, { bio: 'x'.repeat(6000) })).status).toBe(400);
    const email = newAddress();
    for (let i = 0; i < 2; i++)
      expect((await update(limited, victim, { email, currentPassword: 'guess' })).status).toBe(400);
    const wrong = { currentPassword: 'guess', newPassword: 'a brand new passphrase' };
    expect((await limited.http.put('/api/auth/password').set(victim.auth).send(wrong)).status).toBe(400);
    const blocked = await update(limited, victim, { email, currentPassword: victim.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await emailOf(limited, victim.user.id)).toBe(victim.user.email);
  });
});

describe('the "your email was changed" mail', () => {
  it('masks the new address, keeping its first character and domain', () => {
    expect(maskEmail('newbie@example.com')).toBe('n***@example.com');
    expect(maskEmail('x@y.test')).toBe('x***@y.test');
    const mail = emailChangedMail('Ada', 'newbie@example.com', new Date('2026-03-01T10:20:30Z'));
    expect(mail.text).toContain('changed to n***@example.com on Sun, 01 Mar 2026 10:20:30 GMT');
  });
});
