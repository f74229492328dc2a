import { MESSAGES, type MentorDashboard, mentorDashboardSchema } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enrol,
  makeAdmin,
  makeBoth,
  makeClass,
  makeDiscussion,
  makeDiscussionReply,
  makeLearner,
  makeMentor,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { type ClassRow, classSessions, discussions, enrolments } from '../db/schema.js';

// A mentor's dashboard (issue #37 item 5): the next sessions, new enrolments and unanswered discussions of
// the classes they teach, and nothing of anyone else's classes.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const fromNow = (ms: number) => new Date(Date.now() + ms);

const overview = (who?: TestUser) => {
  const req = t.http.get('/api/dashboard/mentor');
  return who ? req.set(who.auth) : req;
};
async function read(who: TestUser): Promise<MentorDashboard> {
  const res = await overview(who);
  expect(res.status).toBe(200);
  return mentorDashboardSchema.strict().parse(res.body);
}

async function session(cls: ClassRow, title: string, startsAt: Date, o: { cancelled?: boolean } = {}) {
  const [row] = await t.ctx.db
    .insert(classSessions)
    .values({ classId: cls.id, title, startsAt, durationMinutes: 60, cancelledAt: o.cancelled ? new Date() : null })
    .returning();
  if (!row) throw new Error('session insert returned nothing');
  return row;
}

async function enrolAt(cls: ClassRow, who: TestUser, at: Date) {
  await t.ctx.db.insert(enrolments).values({ classId: cls.id, userId: who.user.id, createdAt: at });
  t.ctx.readCache.changed('enrolments');
}

describe('GET /api/dashboard/mentor', () => {
  it('shows a mentor the next sessions, new learners and unanswered discussions of their own classes only', async () => {
    const mentor = await makeVerifiedMentor(t, { name: 'Mina Mentor' });
    const rival = await makeVerifiedMentor(t);
    const rust = await makeClass(t, mentor, { title: 'Rust basics' });
    const go = await makeClass(t, mentor, { title: 'Go in practice' });
    const theirs = await makeClass(t, rival, { title: 'Someone else’s class' });

    // Sessions: the soonest first, one under way included; cancelled and ended ones, and other mentors', not.
    const later = await session(go, 'Goroutines', fromNow(2 * DAY));
    const soon = await session(rust, 'Ownership', fromNow(3 * HOUR));
    const onNow = await session(rust, 'Borrowing', fromNow(-30 * 60_000));
    await session(rust, 'Called off', fromNow(HOUR), { cancelled: true });
    await session(rust, 'Last week', fromNow(-7 * DAY));
    await session(theirs, 'Not yours', fromNow(HOUR));

    // Enrolments: newest first, within NEW_ENROLMENT_DAYS.
    const ada = await makeLearner(t, { name: 'Ada' });
    const bo = await makeLearner(t, { name: 'Bo' });
    const old = await makeLearner(t, { name: 'Old Timer' });
    await enrolAt(rust, ada, fromNow(-2 * DAY));
    await enrolAt(go, bo, fromNow(-HOUR));
    await enrolAt(go, old, fromNow(-60 * DAY));
    await enrol(t, theirs, ada);

    // Discussions: someone else's with no reply from the mentor, newest first.
    const unanswered = await makeDiscussion(t, ada, rust, { title: 'How do lifetimes work?' });
    const othersReplied = await makeDiscussion(t, bo, go, { title: 'Channels or mutexes?' });
    await makeDiscussionReply(t, old, othersReplied, 'I would use channels.');
    const answered = await makeDiscussion(t, ada, rust, { title: 'Answered already' });
    await makeDiscussionReply(t, mentor, answered, 'Here is how.');
    await makeDiscussion(t, mentor, rust, { title: 'My own announcement' });
    const hidden = await makeDiscussion(t, bo, go, { title: 'Hidden by moderation' });
    await t.ctx.db.update(discussions).set({ hidden: true }).where(eq(discussions.id, hidden._id));
    await makeDiscussion(t, ada, theirs, { title: 'In another mentor’s class' });

    const body = await read(mentor);
    expect(body.classCount).toBe(2);
    expect(body.sessions.map((s) => [s._id, s.title, s.classTitle])).toEqual([
      [onNow.id, 'Borrowing', 'Rust basics'],
      [soon.id, 'Ownership', 'Rust basics'],
      [later.id, 'Goroutines', 'Go in practice'],
    ]);
    expect(body.sessions[1]).toMatchObject({
      classId: rust.id,
      startsAt: soon.startsAt.toISOString(),
      durationMinutes: 60,
    });

    expect(body.enrolments.map((e) => [e.learner.name, e.class.title])).toEqual([
      ['Bo', 'Go in practice'],
      ['Ada', 'Rust basics'],
    ]);
    expect(body.enrolments[0]?.class._id).toBe(go.id);
    expect(body.newEnrolmentCount).toBe(2);

    expect(body.awaitingReply.map((d) => [d.title, d.classId.title, d.replyCount])).toEqual([
      ['Channels or mutexes?', 'Go in practice', 1],
      ['How do lifetimes work?', 'Rust basics', 0],
    ]);
    expect(body.awaitingReply[1]).toMatchObject({ _id: unanswered._id, author: { name: 'Ada' }, repliedByMe: false });
    expect(body.awaitingReplyCount).toBe(2);

    // The other mentor sees their own class only.
    const other = await read(rival);
    expect(other.sessions.map((s) => s.title)).toEqual(['Not yours']);
    expect(other.enrolments.map((e) => e.learner.name)).toEqual(['Ada']);
    expect(other.awaitingReply.map((d) => d.title)).toEqual(['In another mentor’s class']);
  });

  it('drops a discussion from the waiting list once the mentor answers it', async () => {
    const mentor = await makeVerifiedMentor(t);
    const cls = await makeClass(t, mentor);
    const learner = await makeLearner(t);
    await enrol(t, cls, learner);
    const question = await makeDiscussion(t, learner, cls);
    expect((await read(mentor)).awaitingReply.map((d) => d._id)).toEqual([question._id]);
    await makeDiscussionReply(t, mentor, question);
    const after = await read(mentor);
    expect(after.awaitingReply).toEqual([]);
    expect(after.awaitingReplyCount).toBe(0);
  });

  it('counts every waiting discussion while listing only the newest few', async () => {
    const mentor = await makeVerifiedMentor(t);
    const cls = await makeClass(t, mentor);
    const learner = await makeLearner(t);
    await enrol(t, cls, learner);
    for (let i = 0; i < 7; i++) await makeDiscussion(t, learner, cls, { title: `Question ${i}` });
    const body = await read(mentor);
    expect(body.awaitingReplyCount).toBe(7);
    expect(body.awaitingReply.map((d) => d.title)).toEqual([
      'Question 6',
      'Question 5',
      'Question 4',
      'Question 3',
      'Question 2',
    ]);
  });

  it('is empty, not an error, for a mentor with no class yet, and serves role both too', async () => {
    for (const who of [await makeMentor(t), await makeBoth(t)]) {
      expect(await read(who)).toEqual({
        classCount: 0,
        sessions: [],
        enrolments: [],
        newEnrolmentCount: 0,
        awaitingReply: [],
        awaitingReplyCount: 0,
      });
    }
  });

  it('refuses learners and admins with 403, and signed-out callers with 401', async () => {
    for (const who of [await makeLearner(t), await makeAdmin(t)]) {
      const res = await overview(who);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.server.mentorOnly);
    }
    expect((await overview()).status).toBe(401);
  });
});
