import { MESSAGES } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLearner, type TestUser } from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { captureLog } from '../../test/logCapture.js';
import { type SmtpStub, startSmtpStub } from '../../test/smtpStub.js';
import { passwordResets, sessions, users } from '../db/schema.js';
import { hashResetToken } from './passwordReset.js';
import { RESET_REQUEST_HANDLED } from './routes.js';

const NEW_PASSWORD = 'a brand new passphrase';

async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Waits until the server has finished the work of `count` more forgot-password requests since `from` lines. */
const handled = (log: { lines: string[] }, from: number, count: number) =>
  waitFor(
    () =>
      log.lines.slice(from).filter((line) => line.includes(RESET_REQUEST_HANDLED)).length >= count ? true : undefined,
    'the forgot-password requests to be handled',
  );
const tokenIn = (text: string) => /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
const forgot = (t: TestServer, email: unknown) => t.http.post('/api/auth/forgot-password').send({ email });
const reset = (t: TestServer, token: unknown, password: unknown = NEW_PASSWORD) =>
  t.http.post('/api/auth/reset-password').send({ token, password });
// Sign-ins go through a client without a cookie jar, so that t.http stays signed out.
const login = (t: TestServer, email: string, password: string) =>
  supertest(t.server).post('/api/auth/login').send({ email, password });
const resetRows = (t: TestServer, userId: string) =>
  t.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, userId));

describe('password reset through a real SMTP server', () => {
  let t: TestServer;
  let smtp: SmtpStub;
  const log = captureLog();
  beforeAll(async () => {
    smtp = await startSmtpStub();
    t = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://mentora.example/',
        MAIL_FROM: 'Mentora <no-reply@mentora.example>',
      },
      logger: log.logger,
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** Asks for a link for this user and returns the token from the mail that arrives. */
  async function linkFor(user: TestUser): Promise<string> {
    expect((await forgot(t, user.user.email)).status).toBe(200);
    const mail = await smtp.next();
    expect(mail.to).toEqual([user.user.email]);
    const token = tokenIn(mail.text);
    if (!token) throw new Error(`no link in the mail: ${mail.text}`);
    return token;
  }

  it('mails a one-time link; following it sets the new password and ends every old session', async () => {
    const learner = await makeLearner(t);
    const otherDevice = await login(t, learner.user.email, learner.password);
    expect(otherDevice.status).toBe(200);

    const asked = await forgot(t, `  ${learner.user.email.toUpperCase()} `);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: MESSAGES.account.resetLinkSent });

    const mail = await smtp.next();
    expect(mail.to).toEqual([learner.user.email]);
    expect(mail.from).toBe('no-reply@mentora.example');
    expect(mail.raw).toMatch(/^From: Mentora <no-reply@mentora\.example>/m);
    expect(mail.subject).toBe('Reset your Mentora password');
    expect(mail.text).toContain(learner.user.name);
    const link = /https:\/\/\S+/.exec(mail.text)?.[0] ?? '';
    expect(link).toMatch(/^https:\/\/mentora\.example\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const done = await reset(t, token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: MESSAGES.account.passwordReset });

    expect((await login(t, learner.user.email, learner.password)).status).toBe(401);
    expect((await login(t, learner.user.email, NEW_PASSWORD)).status).toBe(200);
    for (const token of [learner.token, otherDevice.body.token]) {
      const res = await t.http.get('/api/auth/profile').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
    }
    // The link works once.
    const again = await reset(t, token, 'yet another passphrase');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: MESSAGES.account.resetLinkInvalid, requestId: expect.any(String) });
    expect((await login(t, learner.user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('stores only the SHA-256 of the token, expiring in an hour', async () => {
    const learner = await makeLearner(t);
    const before = Date.now();
    const token = await linkFor(learner);
    const rows = await resetRows(t, learner.user.id);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.tokenHash).toBe(hashResetToken(token));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.usedAt).toBeNull();
    const expires = row?.expiresAt.getTime() ?? 0;
    expect(expires).toBeGreaterThanOrEqual(before + 3600_000 - 1_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3600_000 + 1_000);
    // Nowhere in the table, in any form the database could print it.
    const dump = JSON.stringify(await t.ctx.db.select().from(passwordResets));
    expect(dump).not.toContain(token);
  });

  it('answers an unknown email exactly like a known one, and sends nothing', async () => {
    const learner = await makeLearner(t);
    const before = (await t.ctx.db.select().from(passwordResets)).length;
    const linesBefore = log.lines.length;
    const unknown = await forgot(t, 'nobody-here@example.test');
    const known = await forgot(t, learner.user.email);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
    const mail = await smtp.next();
    expect(mail.to).toEqual([learner.user.email]);
    // Both requests' work is over: had the unknown one sent anything, it would be here by now.
    await handled(log, linesBefore, 2);
    expect(smtp.received.map((m) => m.to[0])).not.toContain('nobody-here@example.test');
    expect(await t.ctx.db.select().from(passwordResets)).toHaveLength(before + 1);
  });

  it('refuses an expired link with 400, leaving the password as it was', async () => {
    const learner = await makeLearner(t);
    const token = await linkFor(learner);
    await t.ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(passwordResets.tokenHash, hashResetToken(token)));
    const res = await reset(t, token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'This reset link is invalid or has expired. Please request a new one.',
      requestId: expect.any(String),
    });
    expect((await login(t, learner.user.email, learner.password)).status).toBe(200);
    expect((await t.http.get('/api/auth/profile').set(learner.auth)).status).toBe(200);
  });

  it('refuses a made-up token with the same 400', async () => {
    const res = await reset(t, 'not-a-token-anyone-was-given');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MESSAGES.account.resetLinkInvalid, requestId: expect.any(String) });
  });

  it("using one link invalidates the user's other pending links", async () => {
    const learner = await makeLearner(t);
    const first = await linkFor(learner);
    const second = await linkFor(learner);
    expect(first).not.toBe(second);
    expect((await reset(t, second)).status).toBe(200);
    expect((await reset(t, first, 'an attacker passphrase')).status).toBe(400);
    expect((await login(t, learner.user.email, NEW_PASSWORD)).status).toBe(200);
    const rows = await resetRows(t, learner.user.id);
    expect(rows.every((r) => r.usedAt !== null)).toBe(true);
  });

  it('lets exactly one of several concurrent resets with the same token succeed', async () => {
    const learner = await makeLearner(t);
    const token = await linkFor(learner);
    const passwords = ['concurrent pass 1', 'concurrent pass 2', 'concurrent pass 3', 'concurrent pass 4'];
    const results = await Promise.all(passwords.map((p) => reset(t, token, p)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400]);
    const winner = passwords[results.findIndex((r) => r.status === 200)] ?? '';
    for (const p of passwords) {
      expect((await login(t, learner.user.email, p)).status).toBe(p === winner ? 200 : 401);
    }
  });

  it.each([
    [{ password: NEW_PASSWORD }, 'token'],
    [{ token: '   ', password: NEW_PASSWORD }, 'token'],
    [{ token: 12345, password: NEW_PASSWORD }, 'token'],
    [{ token: 'x'.repeat(201), password: NEW_PASSWORD }, 'token'],
    [{ token: 'some-token' }, 'password'],
    [{ token: 'some-token', password: '' }, 'password'],
    [{ token: 'some-token', password: 'short' }, 'password'],
    [{ token: 'some-token', password: 12345678 }, 'password'],
    [{ token: 'some-token', password: 'x'.repeat(201) }, 'password'],
  ])('reset-password answers 400 naming the bad field (%#)', async (body, field) => {
    const res = await t.http.post('/api/auth/reset-password').send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
  });

  it.each([[{}], [{ email: '' }], [{ email: 'not-an-email' }], [{ email: ['a@example.test'] }], [{ email: 42 }]])(
    'forgot-password answers 400 for a missing or malformed email (%#)',
    async (body) => {
      const res = await t.http.post('/api/auth/forgot-password').send(body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe('email');
    },
  );

  it('never logs a token or a password when mail goes through SMTP', async () => {
    const learner = await makeLearner(t);
    const token = await linkFor(learner);
    expect((await reset(t, token)).status).toBe(200);
    const logged = log.lines.join('\n');
    expect(logged).toContain('/api/auth/reset-password');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('reset-password?token=');
    expect(logged).not.toContain(NEW_PASSWORD);
    expect(logged).not.toContain(learner.password);
  });
});

describe('password reset without SMTP', () => {
  let t: TestServer;
  const log = captureLog();
  beforeAll(async () => {
    t = await startTestServer({ logger: log.logger });
  });
  afterAll(() => t.close());

  it('writes the link to the log at info level, and nothing else logs the token or the password', async () => {
    const learner = await makeLearner(t);
    expect((await forgot(t, learner.user.email)).status).toBe(200);
    const line = await waitFor(() => log.lines.find((l) => tokenIn(l)), 'the reset link in the log');
    const entry = JSON.parse(line) as { level: number; mail: { to: string; subject: string; text: string } };
    expect(entry.level).toBe(30);
    expect(entry.mail.to).toBe(learner.user.email);
    expect(entry.mail.text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    const token = tokenIn(entry.mail.text) ?? '';

    expect((await reset(t, token)).status).toBe(200);
    expect((await login(t, learner.user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await t.http.get('/api/auth/profile').set(learner.auth)).status).toBe(401);

    expect(log.lines.filter((l) => l.includes(token))).toEqual([line]);
    expect(log.lines.join('\n')).not.toContain(NEW_PASSWORD);
    expect(log.lines.join('\n')).not.toContain(learner.password);
  });

  it('logs nothing about an unknown email', async () => {
    const before = log.lines.length;
    expect((await forgot(t, 'unknown-person@example.test')).status).toBe(200);
    await handled(log, before, 1);
    const added = log.lines.slice(before).join('\n');
    expect(added).not.toContain('reset-password?token=');
    expect(added).not.toContain('unknown-person@example.test');
  });
});

describe('password reset without SMTP in production', () => {
  let t: TestServer;
  const log = captureLog();
  beforeAll(async () => {
    t = await startTestServer({ env: { NODE_ENV: 'production' }, logger: log.logger });
  });
  afterAll(() => t.close());

  it('notes the unsent mail in one warning, without its link, its text or to whom', async () => {
    const learner = await makeLearner(t);
    expect((await forgot(t, learner.user.email)).status).toBe(200);
    const line = await waitFor(() => log.lines.find((l) => l.includes('unsentMail')), 'the unsent mail warning');
    const entry = JSON.parse(line) as { level: number; unsentMail: { subject: string }; mail?: unknown };
    expect(entry.level).toBe(40);
    expect(entry.unsentMail.subject).toEqual(expect.any(String));
    expect(entry.mail).toBeUndefined();
    const [row] = await resetRows(t, learner.user.id);
    expect(row).toBeDefined();
    const logged = log.lines.join('\n');
    expect(logged).not.toContain('reset-password?token=');
    expect(logged).not.toContain(learner.user.email);
  });

  it('writes the link to the log where MAIL_LOG_LINKS asks for it', async () => {
    const asked = captureLog();
    const server = await startTestServer({
      env: { NODE_ENV: 'production', MAIL_LOG_LINKS: '1' },
      logger: asked.logger,
    });
    try {
      const learner = await makeLearner(server);
      expect((await forgot(server, learner.user.email)).status).toBe(200);
      const line = await waitFor(() => asked.lines.find((l) => tokenIn(l)), 'the reset link in the log');
      expect((JSON.parse(line) as { mail: { to: string } }).mail.to).toBe(learner.user.email);
    } finally {
      await server.close();
    }
  });
});

describe('a failing mail server', () => {
  let t: TestServer;
  let smtp: SmtpStub;
  const log = captureLog();
  beforeAll(async () => {
    smtp = await startSmtpStub({ refuse: true });
    t = await startTestServer({ env: { SMTP_URL: smtp.url }, logger: log.logger });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('does not change the answer; the failure is logged without the link', async () => {
    const learner = await makeLearner(t);
    const res = await forgot(t, learner.user.email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.account.resetLinkSent });
    const line = await waitFor(
      () => log.lines.find((l) => l.includes('the password reset mail could not be sent')),
      'the mail failure in the log',
    );
    expect(JSON.parse(line).level).toBe(50);
    expect(log.lines.join('\n')).not.toContain('reset-password?token=');
    // The link was made all the same; the user can ask again once the mail server works.
    expect(await resetRows(t, learner.user.id)).toHaveLength(1);
  });

  it('an unreachable mail server does not change the answer either', async () => {
    const down = await startTestServer({ env: { SMTP_URL: 'smtp://127.0.0.1:1' }, logger: log.logger });
    try {
      const learner = await makeLearner(down);
      const before = log.lines.length;
      const res = await forgot(down, learner.user.email);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: MESSAGES.account.resetLinkSent });
      await waitFor(
        () => log.lines.slice(before).find((l) => l.includes('the password reset mail could not be sent')),
        'the connection failure in the log',
      );
    } finally {
      await down.close();
    }
  });
});

describe('forgot-password rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      env: {
        RATE_LIMIT: 'on',
        TRUST_PROXY: '1',
        FORGOT_PASSWORD_RATE_LIMIT_PER_IP: '3',
        FORGOT_PASSWORD_RATE_LIMIT_PER_EMAIL: '2',
      },
    });
  });
  afterAll(() => limited.close());

  const ask = (email: string, ip: string) =>
    limited.http.post('/api/auth/forgot-password').set('X-Forwarded-For', ip).send({ email });

  it('limits requests per email, whatever the address, and the same for known and unknown emails', async () => {
    const learner = await makeLearner(limited);
    for (const email of [learner.user.email, 'nobody@example.test']) {
      expect((await ask(email, '10.1.0.1')).status).toBe(200);
      expect((await ask(email.toUpperCase(), '10.1.0.2')).status).toBe(200);
      const blocked = await ask(email, '10.1.0.3');
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ message: MESSAGES.server.tooManyRequests, requestId: expect.any(String) });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another email from the same address still gets through.
    expect((await ask('someone-else@example.test', '10.1.0.3')).status).toBe(200);
  });

  it('limits requests per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await ask(`person${i}@example.test`, '10.2.0.1')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('has no limit with RATE_LIMIT=off', async () => {
    const open = await startTestServer();
    try {
      for (let i = 0; i < 12; i++) {
        const res = await open.http.post('/api/auth/forgot-password').send({ email: 'same@example.test' });
        expect(res.status).toBe(200);
      }
    } finally {
      await open.close();
    }
  });
});

describe('password reset and the database', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it("goes away with the user's account (cascade)", async () => {
    const learner = await makeLearner(t);
    expect((await forgot(t, learner.user.email)).status).toBe(200);
    await waitFor(async () => ((await resetRows(t, learner.user.id)).length === 1 ? true : undefined), 'the link row');
    await t.ctx.db.delete(users).where(eq(users.id, learner.user.id));
    expect(await resetRows(t, learner.user.id)).toHaveLength(0);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, learner.user.id))).toHaveLength(0);
  });
});
