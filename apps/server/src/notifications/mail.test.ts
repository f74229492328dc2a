import { NOTIFICATION_TOPICS, type NotificationPreferencesResponse } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  enrol,
  makeClass,
  makeDiscussion,
  makeDiscussionReply,
  makeLearner,
  makePost,
  makePostReply,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { type SmtpStub, startSmtpStub } from '../../test/smtpStub.js';
import { toggleLike } from '../community/service.js';
import { jobs, notificationPreferences, notifications } from '../db/schema.js';
import { jobCounts } from '../jobs/queue.js';

// Notifications by email (issue #29) against a real SMTP server on loopback: preferences, the mail of
// each notification, retries after the provider refused, the daily digest in the user's zone, and
// one-click unsubscribe. (Two processes: mail.multiprocess.test.ts.)

let smtp: SmtpStub;
let t: TestServer;

beforeAll(async () => {
  smtp = await startSmtpStub();
  t = await startTestServer({
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://learn.example.test', DIGEST_HOUR: '8' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  // Each test starts with nothing due: earlier tests' notifications decided, their jobs gone.
  await t.ctx.jobs.runDue();
  await t.ctx.db.delete(jobs);
  smtp.setRefusing(false);
  smtp.clear();
});

/** Mail that arrives within a moment; none when none does. */
async function mailWithin(ms = 300) {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return [...smtp.received];
}

const preferences = async (who: TestUser) =>
  (await t.http.get('/api/notifications/preferences').set(who.auth)).body as NotificationPreferencesResponse;

/** A learner's discussion in a class, and its mentor to reply to it. */
async function discussionOfLearner() {
  const mentor = await makeVerifiedMentor(t, { name: 'Mara Mentor' });
  const cls = await makeClass(t, mentor, { title: 'Sourdough Science' });
  const learner = await makeLearner(t, { name: 'Lena Learner' });
  await enrol(t, cls, learner);
  const discussion = await makeDiscussion(t, learner, cls, { title: 'Why does my starter smell of acetone?' });
  return { mentor, cls, learner, discussion };
}

describe('preferences', () => {
  it('start from the defaults: replies and sessions by email at once, likes never, account always in the app', async () => {
    const learner = await makeLearner(t);
    const body = await preferences(learner);
    expect(body.preferences.map((p) => p.topic)).toEqual([...NOTIFICATION_TOPICS]);
    const of = (topic: string) => body.preferences.find((p) => p.topic === topic);
    expect(of('replies')).toEqual({ topic: 'replies', inApp: true, inAppLocked: false, email: 'immediate' });
    expect(of('sessions')?.email).toBe('immediate');
    expect(of('discussions')?.email).toBe('daily');
    expect(of('likes')?.email).toBe('off');
    expect(of('account')).toEqual({ topic: 'account', inApp: true, inAppLocked: true, email: 'immediate' });
    expect(body).toMatchObject({ timeZone: null, digestHour: 8, emailEnabled: true });
  });

  it('change only the topics named, keep the digest’s zone, and go back to no rows at the defaults', async () => {
    const learner = await makeLearner(t);
    const res = await t.http
      .put('/api/notifications/preferences')
      .set(learner.auth)
      .send({
        preferences: [
          { topic: 'likes', inApp: false },
          { topic: 'discussions', email: 'off' },
          { topic: 'account', inApp: false },
        ],
        timeZone: 'Asia/Tokyo',
      });
    expect(res.status).toBe(200);
    const body = res.body as NotificationPreferencesResponse;
    const of = (topic: string) => body.preferences.find((p) => p.topic === topic);
    expect(of('likes')).toMatchObject({ inApp: false, email: 'off' });
    expect(of('discussions')).toMatchObject({ inApp: true, email: 'off' });
    expect(of('replies')).toMatchObject({ inApp: true, email: 'immediate' });
    // What is decided about one's account always shows in the app.
    expect(of('account')).toMatchObject({ inApp: true, email: 'immediate' });
    expect(body.timeZone).toBe('Asia/Tokyo');
    expect(await preferences(learner)).toEqual(body);

    await t.http
      .put('/api/notifications/preferences')
      .set(learner.auth)
      .send({
        preferences: [
          { topic: 'likes', inApp: true },
          { topic: 'discussions', email: 'daily' },
        ],
        timeZone: null,
      });
    const rows = await t.ctx.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, learner.user.id));
    expect(rows).toEqual([]);
    expect((await preferences(learner)).timeZone).toBeNull();
  });

  it.each([
    ['an unknown topic', { preferences: [{ topic: 'spam', email: 'off' }] }, 'preferences.0.topic'],
    ['an unknown delivery', { preferences: [{ topic: 'likes', email: 'weekly' }] }, 'preferences.0.email'],
    ['a topic twice', { preferences: [{ topic: 'likes' }, { topic: 'likes' }] }, 'preferences'],
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
    ['an unknown field', { preferences: [], digest: 'weekly' }, ''],
  ])('refuse %s with 400 and change nothing', async (_label, body, path) => {
    const learner = await makeLearner(t);
    const before = await preferences(learner);
    const res = await t.http.put('/api/notifications/preferences').set(learner.auth).send(body);
    expect(res.status).toBe(400);
    if (path) expect(res.body.errors?.map((e: { path: string }) => e.path)).toContain(path);
    expect(await preferences(learner)).toEqual(before);
  });

  it('are the caller’s own: 401 without a session', async () => {
    expect((await t.http.get('/api/notifications/preferences')).status).toBe(401);
    expect((await t.http.put('/api/notifications/preferences').send({})).status).toBe(401);
  });

  it('off in the app: the topic leaves the list, the unread count and the live stream', async () => {
    const author = await makeLearner(t);
    const post = await makePost(t, author);
    const fan = await makeLearner(t);
    await toggleLike(t.ctx, fan.user, post._id);
    await makePostReply(t, fan, post);
    const list = async () =>
      (await t.http.get('/api/notifications').set(author.auth)).body as {
        notifications: { kind: string }[];
        unreadCount: number;
      };
    expect((await list()).notifications.map((n) => n.kind).sort()).toEqual(['post_like', 'post_reply']);
    expect((await list()).unreadCount).toBe(2);

    await t.http
      .put('/api/notifications/preferences')
      .set(author.auth)
      .send({ preferences: [{ topic: 'likes', inApp: false }] });
    expect((await list()).notifications.map((n) => n.kind)).toEqual(['post_reply']);
    expect((await list()).unreadCount).toBe(1);
  });
});

describe('the email of a notification', () => {
  it('goes out once, with a text and an HTML part, a link to it and one-click unsubscribe headers', async () => {
    const { mentor, learner, discussion } = await discussionOfLearner();
    await makeDiscussionReply(t, mentor, discussion, 'Feed it more often.');
    await t.ctx.jobs.runDue();
    const mail = await smtp.next();
    expect(mail.to).toEqual([learner.user.email]);
    expect(mail.subject).toBe('Mara Mentor replied to your discussion “Why does my starter smell of acetone?”');
    expect(mail.text).toContain('Hello Lena,');
    expect(mail.text).toContain(`https://learn.example.test/discussions/${discussion._id}`);
    expect(mail.text).toMatch(/Stop these emails: https:\/\/learn\.example\.test\/unsubscribe\?token=\S+/);
    expect(mail.html).toContain('<a href="https://learn.example.test/discussions/');
    expect(mail.html).toContain('Mara Mentor replied to your discussion “Why does my starter smell of acetone?”');
    expect(mail.header('List-Unsubscribe')).toMatch(
      /^<https:\/\/learn\.example\.test\/api\/notifications\/unsubscribe\?token=[^>]+>$/,
    );
    expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // More polls send nothing more.
    await t.ctx.jobs.runDue();
    await t.ctx.jobs.runDue();
    expect(await mailWithin()).toHaveLength(1);
  });

  it('escapes what people wrote in the HTML part', async () => {
    const mentor = await makeVerifiedMentor(t, { name: '<b>Bold</b> & "quoted"' });
    const cls = await makeClass(t, mentor);
    const learner = await makeLearner(t);
    await enrol(t, cls, learner);
    const discussion = await makeDiscussion(t, learner, cls, { title: '<script>alert(1)</script>' });
    await makeDiscussionReply(t, mentor, discussion);
    await t.ctx.jobs.runDue();
    const mail = await smtp.next();
    expect(mail.html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; &quot;quoted&quot;');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  it('is not sent for a topic its user does not get by email, nor once they read it in the app', async () => {
    // Likes: never by email by default.
    const author = await makeLearner(t);
    const post = await makePost(t, author);
    await toggleLike(t.ctx, (await makeLearner(t)).user, post._id);
    // Replies, turned off by email.
    const quiet = await discussionOfLearner();
    await t.http
      .put('/api/notifications/preferences')
      .set(quiet.learner.auth)
      .send({ preferences: [{ topic: 'replies', email: 'off' }] });
    await makeDiscussionReply(t, quiet.mentor, quiet.discussion);
    // Read in the app before the queue got to it.
    const reader = await discussionOfLearner();
    await makeDiscussionReply(t, reader.mentor, reader.discussion);
    expect((await t.http.post('/api/notifications/read').set(reader.learner.auth).send({ all: true })).status).toBe(
      200,
    );

    await t.ctx.jobs.runDue();
    expect(await mailWithin()).toEqual([]);
    const decided = await t.ctx.db.select().from(notifications);
    expect(decided.every((n) => n.mailedSeq === n.seq)).toBe(true);
  });

  it('is retried with back-off while the provider refuses, then sent once', async () => {
    const { mentor, learner, discussion } = await discussionOfLearner();
    smtp.setRefusing(true);
    await makeDiscussionReply(t, mentor, discussion);
    const now = Date.now();
    await t.ctx.jobs.runDue(new Date(now));
    expect(await jobCounts(t.ctx.db)).toEqual({ pending: 1, failed: 0 });
    const [job] = await t.ctx.db.select().from(jobs);
    expect(job?.attempts).toBe(1);
    expect(job?.lastError).toMatch(/550|Mailbox unavailable/);
    // Not before its back-off (30 s).
    smtp.setRefusing(false);
    await t.ctx.jobs.runDue(new Date(now + 10_000));
    expect(smtp.received).toHaveLength(0);
    await t.ctx.jobs.runDue(new Date(now + 31_000));
    const mail = await smtp.next();
    expect(mail.to).toEqual([learner.user.email]);
    expect(await jobCounts(t.ctx.db)).toEqual({ pending: 0, failed: 0 });
    await t.ctx.jobs.runDue(new Date(now + 120_000));
    expect(await mailWithin()).toHaveLength(1);
  });
});

describe('one-click unsubscribe', () => {
  async function linkOfMail() {
    const { mentor, learner, discussion } = await discussionOfLearner();
    await makeDiscussionReply(t, mentor, discussion);
    await t.ctx.jobs.runDue();
    const mail = await smtp.next();
    const header = /<([^>]+)>/.exec(mail.header('List-Unsubscribe'))?.[1] ?? '';
    return { learner, url: new URL(header) };
  }

  it('stops a topic’s email from a mail client’s form post, without a session', async () => {
    const { learner, url } = await linkOfMail();
    const res = await t.http.post(`${url.pathname}${url.search}`).type('form').send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'You will no longer get emails about replies to your discussions and posts.',
      topics: ['replies'],
    });
    expect((await preferences(learner)).preferences.find((p) => p.topic === 'replies')).toMatchObject({
      inApp: true,
      email: 'off',
    });
  });

  it('takes the token as JSON from the web app’s page too', async () => {
    const { learner, url } = await linkOfMail();
    const token = url.searchParams.get('token');
    const res = await t.http.post('/api/notifications/unsubscribe').send({ token });
    expect(res.status).toBe(200);
    expect((await preferences(learner)).preferences.find((p) => p.topic === 'replies')?.email).toBe('off');
  });

  it('refuses a forged, spoiled or missing token with 400 and changes nothing', async () => {
    const { learner, url } = await linkOfMail();
    const token = url.searchParams.get('token') ?? '';
    const [userId, , mac] = token.split('.');
    const other = await makeLearner(t);
    for (const bad of [
      `${userId}.likes.${mac}`,
      `${other.user.id}.replies.${mac}`,
      `${token}x`,
      'not-a-token',
      `${userId}.replies`,
    ]) {
      const res = await t.http.post(`/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe('This unsubscribe link is not valid. Change what you get by email in Settings.');
    }
    expect((await t.http.post('/api/notifications/unsubscribe')).status).toBe(400);
    expect((await preferences(learner)).preferences.find((p) => p.topic === 'replies')?.email).toBe('immediate');
    expect((await preferences(other)).preferences.find((p) => p.topic === 'replies')?.email).toBe('immediate');
  });
});

describe('the daily digest', () => {
  /**
   * Two hours from now, on the half hour, and a zone whose clock then shows `hour`:30. Fixed-offset zones
   * (Etc/GMT-9 is nine hours ahead of UTC: the names count the other way round) so that the moment is
   * always within the day the first digest looks back on, whatever the hour the test runs at.
   */
  function digestMoment(hour: number): { due: Date; timeZone: string } {
    const due = new Date(Date.now() + 2 * 3_600_000);
    due.setUTCMinutes(30, 0, 0);
    let offset = (hour - due.getUTCHours() + 24) % 24;
    if (offset > 12) offset -= 24;
    const timeZone = offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    return { due, timeZone };
  }

  it('comes at DIGEST_HOUR in the user’s zone, once a day, with their daily topics grouped', async () => {
    const mentor = await makeVerifiedMentor(t, { name: 'Dora Digest' });
    const cls = await makeClass(t, mentor, { title: 'Fermentation Basics' });
    const learner = await makeLearner(t, { name: 'Tomo Traveller' });
    await enrol(t, cls, learner);
    const { due, timeZone } = digestMoment(8);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone, timeStyle: 'short' }).format(due)).toBe('08:30');
    expect((await t.http.put('/api/notifications/preferences').set(learner.auth).send({ timeZone })).status).toBe(200);
    // New discussions in their class: a daily topic by default.
    await makeDiscussion(t, mentor, cls, { title: 'Koji at home' });
    await makeDiscussion(t, mentor, cls, { title: 'Kimchi timing' });

    const early = new Date(due.getTime() - 3_600_000); // 07:30 on the user's clock
    await t.ctx.jobs.runDue(early);
    const before = (await mailWithin()).filter((m) => m.to.includes(learner.user.email));
    expect(before).toEqual([]);

    await t.ctx.jobs.runDue(due);
    const digest = (await mailWithin()).filter((m) => m.to.includes(learner.user.email));
    expect(digest).toHaveLength(1);
    const [mail] = digest;
    expect(mail?.subject).toBe('Your Mentora digest: 2 updates');
    expect(mail?.text).toContain('New discussions in your classes');
    expect(mail?.text).toContain('Dora Digest started the discussion “Kimchi timing” in “Fermentation Basics”');
    expect(mail?.text).toContain('Dora Digest started the discussion “Koji at home” in “Fermentation Basics”');
    expect(mail?.header('List-Unsubscribe')).toMatch(/unsubscribe\?token=/);

    // Later the same day: no second digest, even with news.
    await makeDiscussion(t, mentor, cls, { title: 'Miso patience' });
    smtp.clear();
    await t.ctx.jobs.runDue(new Date(due.getTime() + 6 * 3_600_000));
    expect((await mailWithin()).filter((m) => m.to.includes(learner.user.email))).toEqual([]);
  });

  it('its link stops every topic that was in it', async () => {
    const mentor = await makeVerifiedMentor(t);
    const cls = await makeClass(t, mentor);
    const learner = await makeLearner(t);
    await enrol(t, cls, learner);
    await makeDiscussion(t, mentor, cls);
    const { due, timeZone } = digestMoment(9);
    await t.http.put('/api/notifications/preferences').set(learner.auth).send({ timeZone });
    await t.ctx.jobs.runDue(due);
    const mail = (await mailWithin()).find((m) => m.to.includes(learner.user.email));
    const url = new URL(/<([^>]+)>/.exec(mail?.header('List-Unsubscribe') ?? '')?.[1] ?? '');
    const res = await t.http.post(`${url.pathname}${url.search}`);
    expect(res.status).toBe(200);
    expect(res.body.topics.sort()).toEqual(['classes', 'discussions']);
    const emails = (await preferences(learner)).preferences.map((p) => [p.topic, p.email]);
    expect(Object.fromEntries(emails)).toMatchObject({ discussions: 'off', classes: 'off', replies: 'immediate' });
  });
});
