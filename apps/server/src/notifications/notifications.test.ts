import { MESSAGES, type Notification, notificationListResponseSchema } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../test/expectations.js';
import {
  enrol,
  makeAdmin,
  makeClass,
  makeClassWithLearners,
  makeDiscussion,
  makeLearner,
  makeMentor,
  makePost,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { openReadyStream } from '../../test/sse.js';
import { notifications } from '../db/schema.js';
import { shortTitle } from './presenter.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function inbox(who: TestUser, query = '') {
  const res = await t.http.get(`/api/notifications${query}`).set(who.auth);
  expect(res.status).toBe(200);
  return notificationListResponseSchema.parse(res.body);
}

const kinds = (list: Notification[]) => list.map((n) => n.kind);

describe('what notifies whom', () => {
  it('a reply to a discussion notifies its author, never the one replying', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t);
    const [author, replier] = learners as [TestUser, TestUser];
    const discussion = await makeDiscussion(t, author, cls, { title: 'Generics in practice' });

    const reply = await t.http
      .post(`/api/discussions/${discussion._id}/replies`)
      .set(replier.auth)
      .send({ content: 'Here is how I use them.' });
    expect(reply.status).toBe(201);
    const mine = await inbox(author);
    expect(kinds(mine.notifications)).toEqual(['discussion_reply']);
    expect(mine.notifications[0]).toMatchObject({
      message: `${replier.user.name} replied to your discussion “Generics in practice”`,
      link: `/discussions/${discussion._id}`,
      read: false,
      actor: { _id: replier.user.id, name: replier.user.name },
      count: 1,
    });
    expect(mine.unreadCount).toBe(1);

    // Replying in your own discussion, or the mentor replying: only others hear of it.
    await t.http.post(`/api/discussions/${discussion._id}/replies`).set(author.auth).send({ content: 'Thanks!' });
    await t.http.post(`/api/discussions/${discussion._id}/replies`).set(mentor.auth).send({ content: 'Good one.' });
    expect(kinds((await inbox(author)).notifications)).toEqual(['discussion_reply', 'discussion_reply']);
    expect(kinds((await inbox(replier)).notifications).filter((k) => k === 'discussion_reply')).toEqual([]);
  });

  it('a new discussion notifies everyone in the class but its author (not admins, not outsiders)', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 3);
    const [author, ...classmates] = learners as [TestUser, ...TestUser[]];
    const admin = await makeAdmin(t);
    const outsider = await makeLearner(t);
    const res = await t.http
      .post('/api/discussions')
      .set(author.auth)
      .send({ title: 'Study group?', content: 'Anyone up for a weekly call?', classId: cls.id });
    expect(res.status).toBe(201);
    for (const who of [mentor, ...classmates]) {
      const [n] = (await inbox(who)).notifications;
      expect(n).toMatchObject({
        kind: 'new_discussion',
        message: `${author.user.name} started the discussion “Study group?” in “${cls.title}”`,
        link: `/discussions/${res.body._id}`,
      });
    }
    for (const who of [author, admin, outsider]) expect((await inbox(who)).notifications).toEqual([]);

    // The mentor starting one tells the learners, not the mentor.
    await makeDiscussion(t, mentor, cls);
    expect(kinds((await inbox(author)).notifications)).toEqual(['new_discussion']);
    expect(kinds((await inbox(mentor)).notifications)).toEqual(['new_discussion']);
  });

  it('a reply to a community post notifies its author, never the one replying', async () => {
    const author = await makeLearner(t);
    const replier = await makeMentor(t);
    const post = await makePost(t, author, { title: 'Which editor do you use?' });
    await t.http.post(`/api/community/${post._id}/replies`).set(author.auth).send({ content: 'I start: vim.' });
    expect((await inbox(author)).notifications).toEqual([]);
    const res = await t.http.post(`/api/community/${post._id}/replies`).set(replier.auth).send({ content: 'VS Code.' });
    expect(res.status).toBe(201);
    const [n, ...rest] = (await inbox(author)).notifications;
    expect(rest).toEqual([]);
    expect(n).toMatchObject({
      kind: 'post_reply',
      message: `${replier.user.name} replied to your post “Which editor do you use?”`,
      link: `/community#post-${post._id}`,
    });
  });

  it('groups likes of a post into one notification, unread again when more people like it', async () => {
    const author = await makeLearner(t);
    const post = await makePost(t, author, { title: 'My first app' });
    const like = (who: TestUser) => t.http.post(`/api/community/${post._id}/like`).set(who.auth);
    // Liking your own post tells nobody, and does not count.
    expect((await like(author)).status).toBe(200);
    expect((await inbox(author)).notifications).toEqual([]);

    const [ana, ben, cy, dee] = [
      await makeLearner(t),
      await makeLearner(t),
      await makeLearner(t),
      await makeLearner(t),
    ];
    await like(ana as TestUser);
    let list = await inbox(author);
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]?.message).toBe(`${ana?.user.name} liked your post “My first app”`);

    await like(ben as TestUser);
    await like(cy as TestUser);
    list = await inbox(author);
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({
      kind: 'post_like',
      message: '3 people liked your post “My first app”',
      count: 3,
      actor: { _id: cy?.user.id, name: cy?.user.name },
      link: `/community#post-${post._id}`,
      read: false,
    });
    expect(list.unreadCount).toBe(1);
    const first = list.notifications[0] as Notification;

    await t.http
      .post('/api/notifications/read')
      .set(author.auth)
      .send({ ids: [first._id] });
    expect((await inbox(author)).unreadCount).toBe(0);
    // An unlike tells nobody and leaves it read.
    await like(ben as TestUser);
    expect((await inbox(author)).unreadCount).toBe(0);

    await like(dee as TestUser);
    list = await inbox(author);
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({
      _id: first._id,
      message: '3 people liked your post “My first app”',
      read: false,
      actor: { _id: dee?.user.id },
    });
    expect(Date.parse(list.notifications[0]?.updatedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(first.updatedAt));
    expect(list.unreadCount).toBe(1);
    expect(await countRows(t, notifications, eq(notifications.postId, post._id))).toBe(1);
  });

  it('a new enrolment notifies the class mentor', async () => {
    const mentor = await makeVerifiedMentor(t);
    const cls = await makeClass(t, mentor, { title: 'Design systems' });
    const learner = await makeLearner(t);
    expect((await t.http.post(`/api/classes/${cls.id}/enroll`).set(learner.auth)).status).toBe(200);
    const [n] = (await inbox(mentor)).notifications;
    expect(n).toMatchObject({
      kind: 'enrolment',
      message: `${learner.user.name} enrolled in your class “Design systems”`,
      link: `/classes/${cls.id}`,
    });
    expect((await inbox(learner)).notifications).toEqual([]);
  });

  it('a verification request notifies every admin once per mentor; the verification notifies the mentor once', async () => {
    const admins = [await makeAdmin(t), await makeAdmin(t)];
    const mentor = await makeMentor(t);
    const ask = () => t.http.post('/api/users/request-verification').set(mentor.auth);
    expect((await ask()).status).toBe(200);
    for (const admin of admins) {
      const list = await inbox(admin);
      const mine = list.notifications.filter((n) => n.actor?._id === mentor.user.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        kind: 'verification_request',
        message: `${mentor.user.name} asked to be verified as a mentor`,
        link: '/admin?tab=mentors',
      });
    }
    const admin = admins[0] as TestUser;
    await t.http.post('/api/notifications/read').set(admin.auth).send({ all: true });
    // Asking again brings the same notification back, unread, rather than a second one.
    expect((await ask()).status).toBe(200);
    const again = (await inbox(admin)).notifications.filter((n) => n.actor?._id === mentor.user.id);
    expect(again).toHaveLength(1);
    expect(again[0]?.read).toBe(false);
    expect((await inbox(mentor)).notifications).toEqual([]);

    const verify = () => t.http.put(`/api/admin/verify-mentor/${mentor.user.id}`).set(admin.auth);
    expect((await verify()).status).toBe(200);
    expect((await verify()).status).toBe(200);
    const list = await inbox(mentor);
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({
      kind: 'mentor_verified',
      message: MESSAGES.notifications.mentorVerified,
      link: '/dashboard',
      actor: null,
    });
  });

  it('a live session starting notifies the enrolled learners (once per class, renewed)', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t);
    const outsider = await makeLearner(t);
    const start = () => t.http.post(`/api/classes/${cls.id}/live`).set(mentor.auth);
    expect((await start()).status).toBe(200);
    for (const learner of learners) {
      const [n] = (await inbox(learner)).notifications;
      expect(n).toMatchObject({
        kind: 'live_started',
        message: `${mentor.user.name} started the live session of “${cls.title}”`,
        link: `/classes/${cls.id}`,
        read: false,
      });
      await t.http.post('/api/notifications/read').set(learner.auth).send({ all: true });
    }
    expect((await start()).status).toBe(200);
    for (const learner of learners) {
      const list = await inbox(learner);
      expect(kinds(list.notifications)).toEqual(['live_started']);
      expect(list.unreadCount).toBe(1);
    }
    expect((await inbox(mentor)).notifications).toEqual([]);
    expect((await inbox(outsider)).notifications).toEqual([]);
  });

  it('goes with what it is about and with who caused it (no orphans)', async () => {
    const author = await makeLearner(t);
    const post = await makePost(t, author);
    const fan = await makeLearner(t);
    await t.http.post(`/api/community/${post._id}/like`).set(fan.auth);
    const { mentor, cls, learners } = await makeClassWithLearners(t, 1);
    expect((await inbox(author)).notifications).toHaveLength(1);
    await t.http.delete(`/api/community/${post._id}`).set(author.auth);
    expect((await inbox(author)).notifications).toEqual([]);

    const [learner] = learners as [TestUser];
    await t.http.post(`/api/classes/${cls.id}/unenroll`).set(learner.auth);
    await t.http.post(`/api/classes/${cls.id}/enroll`).set(learner.auth);
    expect((await inbox(mentor)).notifications).toHaveLength(1);
    const admin = await makeAdmin(t);
    await t.http.delete(`/api/users/learner/${learner.user.id}`).set(admin.auth);
    expect((await inbox(mentor)).notifications).toEqual([]);
  });

  it('a deleted discussion or post takes its notices along, and each bell is counted again live (issue #37)', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 1);
    const [learner] = learners as [TestUser];
    const streams = [
      await openReadyStream(`${t.baseUrl}/api/events`, { headers: learner.auth }),
      await openReadyStream(`${t.baseUrl}/api/events`, { headers: mentor.auth }),
    ];
    try {
      const started = await t.http
        .post('/api/discussions')
        .set(mentor.auth)
        .send({ title: 'Week one', content: 'What did you build?', classId: cls.id });
      expect(started.status).toBe(201);
      await streams[0]?.waitForEvent('notification');
      expect((await inbox(learner)).unreadCount).toBe(1);
      expect((await t.http.delete(`/api/discussions/${started.body._id}`).set(mentor.auth)).status).toBe(200);
      expect(await inbox(learner)).toMatchObject({ notifications: [], unreadCount: 0 });
      expect(JSON.parse((await streams[0]?.waitForEvent('notification.read'))?.data ?? '')).toEqual({ unreadCount: 0 });

      const post = await makePost(t, mentor);
      await t.http.post(`/api/community/${post._id}/replies`).set(learner.auth).send({ content: 'Nice one' });
      await streams[1]?.waitForEvent('notification');
      const before = (await inbox(mentor)).unreadCount;
      expect(before).toBeGreaterThan(0);
      expect((await t.http.delete(`/api/community/${post._id}`).set(mentor.auth)).status).toBe(200);
      expect((await inbox(mentor)).unreadCount).toBe(before - 1);
      expect(JSON.parse((await streams[1]?.waitForEvent('notification.read'))?.data ?? '')).toEqual({
        unreadCount: before - 1,
      });
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('never carries an email, and quotes long titles shortened', async () => {
    const author = await makeLearner(t);
    const long = `${'A very long title about TypeScript generics '.repeat(4)}end`;
    const post = await makePost(t, author, { title: long });
    const fan = await makeLearner(t);
    await t.http.post(`/api/community/${post._id}/like`).set(fan.auth);
    const res = await t.http.get('/api/notifications').set(author.auth);
    expect(JSON.stringify(res.body)).not.toMatch(/@example\.test/);
    const message = res.body.notifications[0].message as string;
    expect(message).toBe(`${fan.user.name} liked your post “${shortTitle(long)}”`);
    expect(shortTitle(long).length).toBeLessThanOrEqual(80);
    expect(shortTitle(long).endsWith('…')).toBe(true);
  });
});

describe('GET /api/notifications', () => {
  it('pages newest first with an unread count, and needs a signed-in caller', async () => {
    const mentor = await makeVerifiedMentor(t);
    const cls = await makeClass(t, mentor);
    const learners: TestUser[] = [];
    for (let i = 0; i < 5; i++) {
      const learner = await makeLearner(t);
      learners.push(learner);
      await t.http.post(`/api/classes/${cls.id}/enroll`).set(learner.auth);
    }
    const seen: Notification[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof inbox>> = await inbox(
        mentor,
        `?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.notifications.length).toBeLessThanOrEqual(2);
      expect(page.unreadCount).toBe(5);
      seen.push(...page.notifications);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.map((n) => n.actor?._id)).toEqual(learners.map((l) => l.user.id).reverse());

    expect((await t.http.get('/api/notifications')).status).toBe(401);
    expect((await t.http.get('/api/notifications?limit=0').set(mentor.auth)).status).toBe(400);
    expect((await t.http.get('/api/notifications?cursor=forged').set(mentor.auth)).status).toBe(400);
  });
});

describe('GET /api/notifications filters (the notifications page, issue #37)', () => {
  it('?unread=true lists only the unread ones, paged; ?group= only that group of kinds', async () => {
    const mentor = await makeMentor(t);
    const cls = await makeClass(t, mentor);
    for (let i = 0; i < 3; i++) await t.http.post(`/api/classes/${cls.id}/enroll`).set((await makeLearner(t)).auth);
    const admin = await makeAdmin(t);
    expect((await t.http.put(`/api/admin/verify-mentor/${mentor.user.id}`).set(admin.auth)).status).toBe(200);
    const all = (await inbox(mentor)).notifications;
    const oldest = all.at(-1);
    await t.http
      .post('/api/notifications/read')
      .set(mentor.auth)
      .send({ ids: [oldest?._id] });

    const unread = await inbox(mentor, '?unread=true&limit=1');
    expect(unread.notifications.map((n) => n.read)).toEqual([false]);
    expect(unread.unreadCount).toBe(all.length - 1);
    const rest = await inbox(mentor, `?unread=true&limit=50&cursor=${unread.nextCursor}`);
    expect([...unread.notifications, ...rest.notifications].map((n) => n._id)).toEqual(
      all.filter((n) => n._id !== oldest?._id).map((n) => n._id),
    );
    expect((await inbox(mentor, '?unread=false')).notifications).toHaveLength(all.length);

    expect(kinds((await inbox(mentor, '?group=classes')).notifications)).toEqual(
      all.filter((n) => n.kind === 'enrolment').map((n) => n.kind),
    );
    expect(kinds((await inbox(mentor, '?group=account')).notifications)).toEqual(
      all.filter((n) => n.kind === 'mentor_verified').map((n) => n.kind),
    );
    expect((await inbox(mentor, '?group=community&unread=true')).notifications).toEqual([]);
  });

  it('answers 400 for an unread or group it does not know', async () => {
    const user = await makeLearner(t);
    for (const query of ['?unread=yes', '?unread=1', '?unread=', '?group=everything', '?unread=true&unread=false']) {
      const res = await t.http.get(`/api/notifications${query}`).set(user.auth);
      expect(res.status, query).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });
});

describe('POST /api/notifications/read', () => {
  it('marks the given ids or all read, only ever the caller’s own', async () => {
    const mentor = await makeVerifiedMentor(t);
    const other = await makeVerifiedMentor(t);
    const cls = await makeClass(t, mentor);
    const otherCls = await makeClass(t, other);
    for (let i = 0; i < 3; i++) {
      const learner = await makeLearner(t);
      await t.http.post(`/api/classes/${cls.id}/enroll`).set(learner.auth);
      await enrol(t, otherCls, learner);
    }
    await t.http.post(`/api/classes/${otherCls.id}/enroll`).set((await makeLearner(t)).auth);
    const mine = (await inbox(mentor)).notifications;
    const theirs = (await inbox(other)).notifications;
    expect(mine).toHaveLength(3);
    expect(theirs).toHaveLength(1);

    const some = await t.http
      .post('/api/notifications/read')
      .set(mentor.auth)
      .send({ ids: [mine[0]?._id, theirs[0]?._id] });
    expect(some.status).toBe(200);
    expect(some.body).toEqual({ unreadCount: 2 });
    const after = await inbox(mentor);
    expect(after.notifications.map((n) => n.read)).toEqual([true, false, false]);
    // Someone else's id changed nothing.
    expect((await inbox(other)).unreadCount).toBe(1);

    const all = await t.http.post('/api/notifications/read').set(mentor.auth).send({ all: true });
    expect(all.body).toEqual({ unreadCount: 0 });
    expect((await inbox(mentor)).notifications.every((n) => n.read)).toBe(true);
    expect((await inbox(other)).unreadCount).toBe(1);
  });

  it('answers 400 for a body that is neither ids nor all: true, and 401 signed out', async () => {
    const user = await makeLearner(t);
    for (const body of [
      {},
      { ids: [] },
      { ids: 'x' },
      { all: false },
      { ids: ['a'], all: true },
      { ids: ['not-an-id'] },
    ]) {
      const res = await t.http.post('/api/notifications/read').set(user.auth).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const tooMany = Array.from({ length: 101 }, () => '00000000-0000-4000-8000-000000000000');
    expect((await t.http.post('/api/notifications/read').set(user.auth).send({ ids: tooMany })).status).toBe(400);
    expect((await t.http.post('/api/notifications/read').send({ all: true })).status).toBe(401);
  });
});
