import {
  type AdminUser,
  auditLogResponseSchema,
  authResponseSchema,
  MESSAGES,
  notificationListResponseSchema,
  ownProfileSchema,
  type Sanction,
  sanctionListResponseSchema,
  sanctionResponseSchema,
} from '@mentora/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_ID } from '../../test/expectations.js';
import {
  classRequest,
  DEFAULT_PASSWORD,
  enrol,
  makeAdmin,
  makeBoth,
  makeClass,
  makeDiscussion,
  makeLearner,
  makePost,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { openReadyStream } from '../../test/sse.js';
import { notifications, sanctions, sessions } from '../db/schema.js';
import { presentNotification } from '../notifications/presenter.js';
import { imposeSanction } from './service.js';

let t: TestServer;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await makeAdmin(t, { name: 'Ada Admin' });
});
afterAll(() => t.close());

const impose = (who: TestUser, targetId: string, body: Record<string, unknown>) =>
  t.http.post(`/api/users/${targetId}/sanctions`).set(who.auth).send(body);
const lift = (who: TestUser, targetId: string, sanctionId: string, body?: Record<string, unknown>) =>
  t.http.delete(`/api/users/${targetId}/sanctions/${sanctionId}`).set(who.auth).send(body);

async function imposed(targetId: string, body: Record<string, unknown>): Promise<Sanction> {
  const res = await impose(admin, targetId, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return sanctionResponseSchema.parse(res.body).sanction;
}

async function auditAbout(targetId: string) {
  const res = await t.http.get('/api/admin/audit-log?limit=100').set(admin.auth);
  return auditLogResponseSchema.parse(res.body).entries.filter((e) => e.target._id === targetId);
}

/** The person's notifications as the bell shows them (read from the table: a suspended person cannot ask). */
async function noticesOf(userId: string) {
  const rows = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, userId));
  return rows.map(presentNotification);
}

/**
 * Someone who can write everything a silence covers: role both and verified, enrolled in another
 * mentor's class (with a discussion in it), owner of a class of their own.
 */
async function writer() {
  const person = await makeBoth(t, { verified: true });
  const mentor = await makeVerifiedMentor(t);
  const cls = await makeClass(t, mentor);
  await enrol(t, cls, person);
  const own = await makeClass(t, person);
  const discussion = await makeDiscussion(t, mentor, cls);
  const post = await makePost(t, mentor);
  return { person, cls, own, discussion, post };
}
type Writer = Awaited<ReturnType<typeof writer>>;

/** Every write of content a silence refuses, as the person would send it. */
function writes(w: Writer) {
  const as = w.person.auth;
  return {
    discussion: () =>
      t.http.post('/api/discussions').set(as).send({ title: 'Mine', content: 'My words.', classId: w.cls.id }),
    discussionReply: () =>
      t.http.post(`/api/discussions/${w.discussion._id}/replies`).set(as).send({ content: 'My reply.' }),
    post: () => t.http.post('/api/community').set(as).send({ title: 'Mine', content: 'My post.', category: 'general' }),
    postReply: () => t.http.post(`/api/community/${w.post._id}/replies`).set(as).send({ content: 'My reply.' }),
    review: () => t.http.post('/api/reviews').set(as).send({ rating: 4, comment: 'Good.', classId: w.cls.id }),
    createClass: () => t.http.post('/api/classes').set(as).send(classRequest()),
    editClass: () =>
      t.http
        .put(`/api/classes/${w.own.id}`)
        .set(as)
        .send(classRequest({ title: 'Renamed' })),
    profile: () =>
      t.http.put('/api/auth/profile').set(as).send({ name: 'New name', email: w.person.user.email, bio: 'New bio' }),
  };
}

describe('only admins sanction, and never an admin', () => {
  it('signed out 401, learners and mentors 403, for every sanction call', async () => {
    const target = await makeLearner(t);
    const learner = await makeLearner(t);
    const mentor = await makeVerifiedMentor(t);
    const s = await imposed(target.user.id, { kind: 'silence', days: 1, reason: 'Spam' });
    const url = `/api/users/${target.user.id}/sanctions`;
    expect((await t.http.post(url).send({ kind: 'warn', reason: 'x' })).status).toBe(401);
    expect((await t.http.get(url)).status).toBe(401);
    expect((await t.http.delete(`${url}/${s._id}`)).status).toBe(401);
    for (const who of [learner, mentor]) {
      expect((await impose(who, target.user.id, { kind: 'warn', reason: 'x' })).status).toBe(403);
      expect((await t.http.get(url).set(who.auth)).status).toBe(403);
      expect((await lift(who, target.user.id, s._id)).status).toBe(403);
    }
    expect((await t.http.get(url).set(admin.auth)).body.sanctions[0].active).toBe(true);
  });

  it('an admin cannot sanction themselves or another admin (403), nor an unknown account (404)', async () => {
    const other = await makeAdmin(t);
    const self = await impose(admin, admin.user.id, { kind: 'warn', reason: 'x' });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe(MESSAGES.server.cannotSanctionSelf);
    const res = await impose(admin, other.user.id, { kind: 'suspend', days: 3, reason: 'x' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.server.cannotSanctionAdmin);
    expect((await impose(admin, UNKNOWN_ID, { kind: 'warn', reason: 'x' })).status).toBe(404);
    expect((await impose(admin, 'not-an-id', { kind: 'warn', reason: 'x' })).status).toBe(404);
    const rows = await t.ctx.db.select().from(sanctions).where(eq(sanctions.userId, other.user.id));
    expect(rows).toEqual([]);
  });

  it('days are required for a silence or a suspension, and stay within 1-365', async () => {
    const target = await makeLearner(t);
    for (const body of [
      { kind: 'silence', reason: 'x' },
      { kind: 'suspend', reason: 'x' },
      { kind: 'silence', days: 0, reason: 'x' },
      { kind: 'silence', days: 366, reason: 'x' },
      { kind: 'silence', days: 1.5, reason: 'x' },
      { kind: 'silence', days: 2, reason: '   ' },
      { kind: 'ban', days: 2, reason: 'x' },
    ]) {
      const res = await impose(admin, target.user.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.length).toBeGreaterThan(0);
    }
    expect((await impose(admin, target.user.id, { kind: 'silence', reason: 'x' })).body.errors[0]).toEqual({
      path: 'days',
      message: MESSAGES.server.sanctionDaysRequired,
    });
  });
});

describe('a warning', () => {
  it('keeps the admin’s private reason in the audit log only, never telling the person', async () => {
    const w = await writer();
    const s = await imposed(w.person.user.id, {
      kind: 'silence',
      days: 2,
      reason: 'Please keep replies on topic',
      note: 'Third complaint from the class mentor',
    });
    expect(JSON.stringify(s)).not.toContain('Third complaint');
    const bell = notificationListResponseSchema.parse((await t.http.get('/api/notifications').set(w.person.auth)).body);
    expect(bell.notifications[0]?.message).toMatch(/: Please keep replies on topic$/);
    expect(JSON.stringify(bell)).not.toContain('Third complaint');
    expect((await writes(w).discussion()).body.message).not.toContain('Third complaint');
    const [logged] = await auditAbout(w.person.user.id);
    expect(logged?.detail).toMatch(
      /: Please keep replies on topic — private reason: Third complaint from the class mentor$/,
    );
  });

  it('tells the person, is logged, and restricts nothing', async () => {
    const w = await writer();
    const s = await imposed(w.person.user.id, { kind: 'warn', reason: 'Tone', message: 'Please keep it civil.' });
    expect(s).toMatchObject({ kind: 'warn', reason: 'Tone', message: 'Please keep it civil.', endsAt: null });
    expect(s).toMatchObject({ liftedAt: null, active: false, createdBy: { _id: admin.user.id, name: 'Ada Admin' } });
    const bell = notificationListResponseSchema.parse((await t.http.get('/api/notifications').set(w.person.auth)).body);
    expect(bell.notifications[0]).toMatchObject({
      kind: 'warned',
      message: 'An administrator warned you: Please keep it civil.',
      read: false,
    });
    expect(await auditAbout(w.person.user.id)).toEqual([
      expect.objectContaining({ action: 'sanction_imposed', detail: 'warning: Tone' }),
    ]);
    expect((await writes(w).discussion()).status).toBe(201);
    // A warning has nothing to lift.
    const res = await lift(admin, w.person.user.id, s._id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MESSAGES.server.sanctionNotActive);
  });
});

describe('a silence', () => {
  let w: Writer;
  let silence: Sanction;
  beforeAll(async () => {
    w = await writer();
    // Cached before the silence: the session cache must hear of it.
    expect((await t.http.get('/api/auth/profile').set(w.person.auth)).status).toBe(200);
    silence = await imposed(w.person.user.id, { kind: 'silence', days: 7, reason: 'Insults in replies' });
  });

  it('lasts the days asked for, and the person is told until when and why', async () => {
    const days = (Date.parse(silence.endsAt ?? '') - Date.parse(silence.startsAt)) / 86_400_000;
    expect(days).toBe(7);
    expect(silence).toMatchObject({ kind: 'silence', active: true, liftedAt: null });
    const bell = notificationListResponseSchema.parse((await t.http.get('/api/notifications').set(w.person.auth)).body);
    expect(bell.notifications[0]).toMatchObject({
      kind: 'silenced',
      message: MESSAGES.notifications.silenced(silence.endsAt ?? '', 'Insults in replies'),
    });
    expect(bell.notifications[0]?.message).toMatch(
      /^Your account is silenced until \d{1,2} \w+ \d{4}, \d\d:\d\d UTC: /,
    );
    const [entry] = await auditAbout(w.person.user.id);
    expect(entry).toMatchObject({ action: 'sanction_imposed', actor: { _id: admin.user.id } });
    expect(entry?.detail).toContain('Insults in replies');
  });

  it.each([
    'discussion',
    'discussionReply',
    'post',
    'postReply',
    'review',
    'createClass',
    'editClass',
    'profile',
  ] as const)('refuses %s with 403 naming the end and the reason', async (kind) => {
    const res = await writes(w)[kind]();
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      message: MESSAGES.server.silenced(silence.endsAt ?? '', 'Insults in replies'),
      requestId: expect.any(String),
    });
  });

  it('is on their own profile and their next sign-in, so forms can say so before they type', async () => {
    const shown = { reason: 'Insults in replies', endsAt: silence.endsAt };
    const profile = await t.http.get('/api/auth/profile').set(w.person.auth);
    expect(ownProfileSchema.parse(profile.body).silence).toEqual(shown);
    const login = await t.http
      .post('/api/auth/login')
      .send({ email: w.person.user.email, password: w.person.password });
    expect(authResponseSchema.parse(login.body).silence).toEqual(shown);
    const others = await t.http.get('/api/auth/profile').set(admin.auth);
    expect(ownProfileSchema.parse(others.body).silence).toBeNull();
  });

  it('still lets them read, like, enrol, ask the assistant and delete their own content', async () => {
    const as = w.person.auth;
    expect((await t.http.get(`/api/discussions/${w.discussion._id}`).set(as)).status).toBe(200);
    expect((await t.http.get('/api/community').set(as)).status).toBe(200);
    expect((await t.http.get('/api/classes').set(as)).status).toBe(200);
    expect((await t.http.get(`/api/reviews/${w.cls.id}`).set(as)).status).toBe(200);
    expect((await t.http.post(`/api/community/${w.post._id}/like`).set(as)).status).toBe(200);
    const other = await makeClass(t, await makeVerifiedMentor(t));
    expect((await t.http.post(`/api/classes/${other.id}/enroll`).set(as)).status).toBe(200);
    expect((await t.http.post('/api/gemini/chat').set(as).send({ message: 'Which classes?' })).status).toBe(200);
    expect((await t.http.delete(`/api/classes/${w.own.id}`).set(as)).status).toBe(200);
    w.own = await makeClass(t, w.person);
  });

  it('is shown beside the person in the admin lists', async () => {
    const res = await t.http.get('/api/users/learners').set(admin.auth);
    const list = res.body as AdminUser[];
    expect(list.find((u) => u._id === w.person.user.id)?.sanction).toEqual({
      _id: silence._id,
      kind: 'silence',
      reason: 'Insults in replies',
      endsAt: silence.endsAt,
    });
    expect(list.find((u) => u._id === admin.user.id)).toBeUndefined();
    const other = list.find((u) => u._id !== w.person.user.id);
    expect(other?.sanction ?? null).toBeNull();
  });

  it('lifted early: writes work again at once, the person is told, the lift is logged with its reason', async () => {
    const res = await lift(admin, w.person.user.id, silence._id, { reason: 'Apologised' });
    expect(res.status).toBe(200);
    const lifted = sanctionResponseSchema.parse(res.body).sanction;
    expect(lifted).toMatchObject({ _id: silence._id, active: false, liftReason: 'Apologised' });
    expect(Date.parse(lifted.liftedAt ?? '')).toBeLessThanOrEqual(Date.now());
    for (const write of Object.values(writes(w))) expect((await write()).status).toBeLessThan(300);
    expect(ownProfileSchema.parse((await t.http.get('/api/auth/profile').set(w.person.auth)).body).silence).toBeNull();
    const bell = notificationListResponseSchema.parse((await t.http.get('/api/notifications').set(w.person.auth)).body);
    expect(bell.notifications.map((n) => n.message)).toContain(MESSAGES.notifications.sanctionLifted('silence'));
    const [entry] = await auditAbout(w.person.user.id);
    expect(entry).toMatchObject({ action: 'sanction_lifted' });
    expect(entry?.detail).toContain('Apologised');
    // Lifting again, or a sanction of someone else: 409 and 404.
    expect((await lift(admin, w.person.user.id, silence._id)).status).toBe(409);
    expect((await lift(admin, admin.user.id, silence._id)).status).toBe(404);
    expect((await lift(admin, w.person.user.id, UNKNOWN_ID)).status).toBe(404);
  });

  it('ends by itself at its end, with nothing to hear then', async () => {
    const v = await writer();
    const s = await imposed(v.person.user.id, { kind: 'silence', days: 1, reason: 'Cooling off' });
    // Ends in a moment (a change, heard); then the time passes without any change.
    await t.ctx.db
      .update(sanctions)
      .set({ endsAt: sql`now() + interval '1500 milliseconds'` })
      .where(eq(sanctions.id, s._id));
    expect((await writes(v).post()).status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect((await writes(v).post()).status).toBe(201);
    const list = sanctionListResponseSchema.parse(
      (await t.http.get(`/api/users/${v.person.user.id}/sanctions`).set(admin.auth)).body,
    );
    expect(list.sanctions).toEqual([expect.objectContaining({ _id: s._id, active: false, liftedAt: null })]);
  });
});

describe('a suspension', () => {
  it('ends every session at once, and its event streams', async () => {
    const person = await makeLearner(t);
    const login = await t.http.post('/api/auth/login').send({ email: person.user.email, password: DEFAULT_PASSWORD });
    expect(login.status).toBe(200);
    const tokens = [person.token, login.body.token as string];
    for (const token of tokens) {
      expect((await t.http.get('/api/auth/profile').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    }
    const stream = await openReadyStream(`${t.baseUrl}/api/events`, {
      headers: { Authorization: `Bearer ${person.token}` },
    });
    try {
      const s = await imposed(person.user.id, { kind: 'suspend', days: 3, reason: 'Harassment' });
      expect(s).toMatchObject({ kind: 'suspend', active: true });
      for (const token of tokens) {
        const res = await t.http.get('/api/auth/profile').set('Authorization', `Bearer ${token}`);
        expect(res.status).toBe(401);
        expect(res.body.message).toBe(MESSAGES.server.invalidToken);
      }
      await stream.until(() => stream.ended, 'the suspended person’s stream to end', 5_000);
      expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, person.user.id))).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('refuses sign-in with 403 naming the end and the reason (wrong password: the usual 401)', async () => {
    const person = await makeLearner(t);
    const s = await imposed(person.user.id, { kind: 'suspend', days: 30, reason: 'Repeated spam' });
    const res = await t.http.post('/api/auth/login').send({ email: person.user.email, password: DEFAULT_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.server.suspended(s.endsAt ?? '', 'Repeated spam'));
    expect(res.body.message).toMatch(
      /^Your account is suspended until \d{1,2} \w+ \d{4}, \d\d:\d\d UTC: Repeated spam$/,
    );
    expect(res.body.token).toBeUndefined();
    const wrong = await t.http.post('/api/auth/login').send({ email: person.user.email, password: 'wrong password' });
    expect(wrong.status).toBe(401);
    const [notice] = await noticesOf(person.user.id);
    expect(notice).toMatchObject({
      kind: 'suspended',
      message: MESSAGES.notifications.suspended(s.endsAt ?? '', 'Repeated spam'),
    });
    expect((await auditAbout(person.user.id))[0]).toMatchObject({ action: 'sanction_imposed' });
  });

  it('a session that slipped in beside it is refused too', async () => {
    const person = await makeLearner(t);
    await imposed(person.user.id, { kind: 'suspend', days: 1, reason: 'x' });
    const { startSession } = await import('../auth/sessions.js');
    const token = await startSession(t.ctx.db, t.ctx.config.jwtSecret, person.user.id);
    expect((await t.http.get('/api/auth/profile').set('Authorization', `Bearer ${token}`)).status).toBe(401);
  });

  it('lifted early, or ended by its time: sign-in works again', async () => {
    const a = await makeLearner(t);
    const b = await makeLearner(t);
    const sa = await imposed(a.user.id, { kind: 'suspend', days: 5, reason: 'x' });
    const sb = await imposed(b.user.id, { kind: 'suspend', days: 5, reason: 'y' });
    const signIn = (who: TestUser) =>
      t.http.post('/api/auth/login').send({ email: who.user.email, password: DEFAULT_PASSWORD });
    expect((await signIn(a)).status).toBe(403);
    expect((await lift(admin, a.user.id, sa._id, {})).status).toBe(200);
    const back = await signIn(a);
    expect(back.status).toBe(200);
    expect((await t.http.get('/api/auth/profile').set('Authorization', `Bearer ${back.body.token}`)).status).toBe(200);
    expect((await noticesOf(a.user.id)).map((n) => n.message)).toContain(
      MESSAGES.notifications.sanctionLifted('suspension'),
    );
    await t.ctx.db
      .update(sanctions)
      .set({ endsAt: sql`now() - interval '1 second'` })
      .where(and(eq(sanctions.id, sb._id)));
    expect((await signIn(b)).status).toBe(200);
  });
});

describe('the moderation queue’s entry point', () => {
  it('imposeSanction(ctx, {userId, kind, days, reason, message, by}) does what the route does', async () => {
    const person = await makeLearner(t);
    const s = await imposeSanction(t.ctx, {
      userId: person.user.id,
      kind: 'silence',
      days: 2,
      reason: 'Reported three times',
      message: undefined,
      by: admin.user,
    });
    expect(s).toMatchObject({ kind: 'silence', active: true, createdBy: { _id: admin.user.id } });
    const res = await t.http
      .post('/api/community')
      .set(person.auth)
      .send({ title: 'a', content: 'b', category: 'general' });
    expect(res.status).toBe(403);
    expect((await auditAbout(person.user.id))[0]).toMatchObject({ action: 'sanction_imposed' });
  });
});

describe('imposeSanction checks its input like the route', () => {
  it('days missing or out of range: 400 on days, nothing written', async () => {
    const person = await makeLearner(t);
    for (const days of [undefined, 0, 366, 2.5]) {
      await expect(
        imposeSanction(t.ctx, { userId: person.user.id, kind: 'suspend', days, reason: 'x', by: admin.user }),
      ).rejects.toMatchObject({ status: 400, errors: [expect.objectContaining({ path: 'days' })] });
    }
    expect(await t.ctx.db.select().from(sanctions).where(eq(sanctions.userId, person.user.id))).toEqual([]);
  });
});
