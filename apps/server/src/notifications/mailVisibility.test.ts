import { MESSAGES } from '@mentora/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  enrol,
  giveStanding,
  makeAdmin,
  makeClass,
  makeClassWithLearners,
  makeDiscussion,
  makeDiscussionReply,
  makeLearner,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { type SmtpStub, startSmtpStub } from '../../test/smtpStub.js';
import { jobs } from '../db/schema.js';

// Mail is built when it is sent, from what its recipient may see then (issue #35): a discussion hidden by
// moderation since is named by the notice, a class one was removed from is not mailed about, and a
// suspended account is mailed nothing (notifications, digests, session reminders).

const HIDDEN = MESSAGES.moderation.hiddenNotice;
let smtp: SmtpStub;
let t: TestServer;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtpStub();
  // One report hides an item: the quickest way to hide one through the API.
  t = await startTestServer({ env: { SMTP_URL: smtp.url, DIGEST_HOUR: '0', MODERATION_AUTO_HIDE_REPORTS: '1' } });
  admin = await makeAdmin(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.ctx.jobs.runDue();
  await t.ctx.db.delete(jobs);
  smtp.clear();
});

/** Mail that arrives within a moment, to whom and what it says. */
async function mailWithin(ms = 300) {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return smtp.received.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html }));
}
const mailTo = async (who: TestUser) => (await mailWithin()).filter((m) => m.to.includes(who.user.email));

/**
 * Runs the queue at a moment when every user's digest is due (DIGEST_HOUR 0, within the first digest's
 * day), each call later than the last by more than the producer's pause between two looks.
 */
let digestRuns = 0;
async function runDigests() {
  digestRuns += 1;
  await t.ctx.jobs.runDue(new Date(Date.now() + digestRuns * 6 * 60_000));
}

const hideByReport = async (reporter: TestUser, discussionId: string) => {
  // Only a reporter with standing hides anything (moderation/policy.ts).
  await giveStanding(t, reporter);
  const res = await t.http
    .post('/api/reports')
    .set(reporter.auth)
    .send({ targetType: 'discussion', targetId: discussionId, reason: 'abuse' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};

const suspend = async (who: TestUser) => {
  const res = await t.http
    .post(`/api/users/${who.user.id}/sanctions`)
    .set(admin.auth)
    .send({ kind: 'suspend', days: 3, reason: 'Harassment' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};

describe('a discussion hidden after its notification was raised', () => {
  it('is named by the notice in the daily digest', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 2);
    const [reader, reporter] = learners as [TestUser, TestUser];
    const hidden = await makeDiscussion(t, mentor, cls, { title: 'Bring your passport scans here' });
    await makeDiscussion(t, mentor, cls, { title: 'Week 2 reading' });
    await hideByReport(reporter, hidden._id);

    await runDigests();
    const [digest] = await mailTo(reader);
    expect(digest?.subject).toBe('Your Mentora digest: 2 updates');
    expect(digest?.text).toContain(HIDDEN);
    expect(digest?.text).toContain('Week 2 reading');
    expect(`${digest?.text}${digest?.html}${digest?.subject}`).not.toContain('passport');
  });

  it('is named by the notice in its own email, and still by its title to an admin', async () => {
    const mentor = await makeVerifiedMentor(t);
    const cls = await makeClass(t, mentor);
    const reader = await makeLearner(t);
    const reporter = await makeLearner(t);
    for (const who of [reader, reporter]) await enrol(t, cls, who);
    for (const who of [reader, admin]) {
      const res = await t.http
        .put('/api/notifications/preferences')
        .set(who.auth)
        .send({ preferences: [{ topic: 'discussions', email: 'immediate' }] });
      expect(res.status).toBe(200);
    }
    // The admin is told as a member of the class (they enrolled to keep an eye on it).
    await enrol(t, cls, admin);
    const discussion = await makeDiscussion(t, mentor, cls, { title: 'Bring your passport scans here' });
    await hideByReport(reporter, discussion._id);

    await t.ctx.jobs.runDue();
    const [mail] = await mailTo(reader);
    expect(mail?.subject).toContain(HIDDEN);
    expect(`${mail?.text}${mail?.html}${mail?.subject}`).not.toContain('passport');
    const [adminMail] = (await mailWithin(0)).filter((m) => m.to.includes(admin.user.email));
    expect(adminMail?.subject).toContain('Bring your passport scans here');
  });
});

describe('a class the recipient was removed from', () => {
  it('is left out of their digest, but for the news of the removal', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 2);
    const [removed, stays] = learners as [TestUser, TestUser];
    await makeDiscussion(t, mentor, cls, { title: 'Members only plans' });
    const res = await t.http.delete(`/api/classes/${cls.id}/roster/${removed.user.id}`).set(mentor.auth);
    expect(res.status).toBe(200);

    await runDigests();
    // Told of the removal itself, not of what was said in the class since.
    const [digest] = await mailTo(removed);
    expect(digest?.subject).toBe('Your Mentora digest: 1 update');
    expect(digest?.text).toContain('You were removed from');
    expect(`${digest?.text}${digest?.html}`).not.toContain('Members only plans');
    expect((await mailTo(stays))[0]?.text).toContain('Members only plans');
  });
});

describe('a suspended account', () => {
  it('gets no email of a notification', async () => {
    const mentor = await makeVerifiedMentor(t);
    const cls = await makeClass(t, mentor);
    const learner = await makeLearner(t);
    await enrol(t, cls, learner);
    const discussion = await makeDiscussion(t, learner, cls);
    await suspend(learner);
    await makeDiscussionReply(t, mentor, discussion, 'Answered.');
    await t.ctx.jobs.runDue();
    await t.ctx.jobs.runDue();
    expect(await mailTo(learner)).toEqual([]);
  });

  it('gets no digest, while the others of the class get theirs', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 2);
    const [suspended, other] = learners as [TestUser, TestUser];
    await suspend(suspended);
    await makeDiscussion(t, mentor, cls, { title: 'Digest for the others' });
    await runDigests();
    expect(await mailTo(suspended)).toEqual([]);
    expect(await mailTo(other)).toHaveLength(1);
  });

  it('gets no reminder of a session, while the others of the class do', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 2);
    const [suspended, other] = learners as [TestUser, TestUser];
    const startsAt = new Date(Date.now() + 3 * 3_600_000);
    const res = await t.http
      .post(`/api/classes/${cls.id}/sessions`)
      .set(mentor.auth)
      .send({ title: 'Office hours', startsAt: startsAt.toISOString(), durationMinutes: 60 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await suspend(suspended);
    const reminderTime = new Date(startsAt.getTime() - 5 * 60_000);
    // The reminder job raises the notifications; the next poll mails them.
    await t.ctx.jobs.runDue(reminderTime);
    await t.ctx.jobs.runDue(reminderTime);
    const reminders = (await mailWithin()).filter(
      (m) => m.subject.includes('Office hours') && /start/i.test(m.subject),
    );
    const reminded = reminders.flatMap((m) => m.to);
    expect(reminded).toContain(other.user.email);
    expect(reminded).toContain(mentor.user.email);
    expect(reminded).not.toContain(suspended.user.email);
  });
});
