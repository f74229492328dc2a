import { classInsightSchema, INSIGHT_WEEKS, MESSAGES } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_ID } from '../../test/expectations.js';
import {
  makeAdmin,
  makeClass,
  makeDiscussion,
  makeDiscussionReply,
  makeLearner,
  makeReview,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { type ClassRow, discussionReplies, discussions, enrolments } from '../db/schema.js';

// A class's insight (issue #25): its mentor and admins see enrolments, discussions and replies per week,
// the star counts and the sentiment of the class's discussion text; hidden text is not counted.

let t: TestServer;
let admin: TestUser;
let mentor: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await makeAdmin(t);
  mentor = await makeVerifiedMentor(t);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const insight = (id: string, who: TestUser) => t.http.get(`/api/classes/${id}/insight`).set(who.auth);

async function enrolAt(cls: ClassRow, at: Date) {
  const learner = await makeLearner(t);
  await t.ctx.db.insert(enrolments).values({ classId: cls.id, userId: learner.user.id, createdAt: at });
  return learner;
}

describe('GET /api/classes/{id}/insight', () => {
  it('counts enrolments, discussions and replies per week, stars and sentiment, leaving hidden text out', async () => {
    const cls = await makeClass(t, mentor);
    const now = await enrolAt(cls, daysAgo(0));
    await enrolAt(cls, daysAgo(0));
    const earlier = await enrolAt(cls, daysAgo(14));
    await enrolAt(cls, daysAgo(7 * INSIGHT_WEEKS + 1)); // before the window: not in any week
    await makeReview(t, cls, now, 5);
    await makeReview(t, cls, earlier, 5);

    const happy = await makeDiscussion(t, now, cls);
    await t.ctx.db
      .update(discussions)
      .set({ sentimentLabel: 'POSITIVE', createdAt: daysAgo(14) })
      .where(eq(discussions.id, happy._id));
    const reply = (await makeDiscussionReply(t, mentor, happy)).replies[0];
    if (!reply) throw new Error('no reply');
    await t.ctx.db
      .update(discussionReplies)
      .set({ sentimentLabel: 'NEGATIVE' })
      .where(eq(discussionReplies.id, reply._id));
    const hidden = await makeDiscussion(t, now, cls);
    await t.ctx.db
      .update(discussions)
      .set({ sentimentLabel: 'NEGATIVE', hidden: true })
      .where(eq(discussions.id, hidden._id));
    await makeDiscussion(t, earlier, cls); // neutral, this week
    // Another class's text is not this one's.
    const other = await makeClass(t, mentor);
    await makeDiscussion(t, mentor, other);

    for (const who of [mentor, admin]) {
      const res = await insight(cls.id, who);
      expect(res.status).toBe(200);
      const body = classInsightSchema.strict().parse(res.body);
      expect(body.weeks).toHaveLength(INSIGHT_WEEKS);
      const mondays = body.weeks.map((w) => new Date(`${w.week}T00:00:00Z`));
      for (const m of mondays) expect(m.getUTCDay()).toBe(1);
      expect(mondays.at(-1)?.getTime()).toBeLessThanOrEqual(Date.now());
      expect(Date.now() - (mondays.at(-1)?.getTime() ?? 0)).toBeLessThan(7 * DAY);
      const last = body.weeks.at(-1);
      const twoAgo = body.weeks.at(-3);
      expect(last).toMatchObject({ enrolments: 2, discussions: 1, replies: 1 });
      expect(twoAgo).toMatchObject({ enrolments: 1, discussions: 1, replies: 0 });
      expect(body.weeks.reduce((n, w) => n + w.enrolments, 0)).toBe(3);
      expect(body.ratings).toEqual([
        { stars: 1, count: 0 },
        { stars: 2, count: 0 },
        { stars: 3, count: 0 },
        { stars: 4, count: 0 },
        { stars: 5, count: 2 },
      ]);
      expect(body.sentiment).toEqual({ positive: 1, negative: 1, neutral: 1 });
    }
  });

  it('is for its mentor and admins only: 403 for others, 404 for an unknown or malformed id (as every class call)', async () => {
    const cls = await makeClass(t, mentor);
    const learner = await makeLearner(t);
    await t.ctx.db.insert(enrolments).values({ classId: cls.id, userId: learner.user.id });
    for (const who of [learner, await makeVerifiedMentor(t)]) {
      const res = await insight(cls.id, who);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.server.insightMentorOrAdminOnly);
    }
    expect((await insight(UNKNOWN_ID, mentor)).status).toBe(404);
    expect((await insight('not-an-id', mentor)).status).toBe(404);
    expect((await t.http.get(`/api/classes/${cls.id}/insight`)).status).toBe(401);
  });
});
