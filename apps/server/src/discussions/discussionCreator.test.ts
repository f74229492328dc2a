import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@mentora/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../test/expectations.js';
import { makeClassWithLearners, makeLearner, type TestUser } from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { discussions, moderationEntries, notifications } from '../db/schema.js';
import { HIDDEN_NOTICE } from '../moderation/visibility.js';
import { createDiscussion } from './discussionCreator.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const notified = async (discussionId: string) =>
  (
    await t.ctx.db
      .select({ userId: notifications.userId, subjectTitle: notifications.subjectTitle })
      .from(notifications)
      .where(and(eq(notifications.kind, 'new_discussion'), eq(notifications.discussionId, discussionId)))
  ).sort((a, b) => a.userId.localeCompare(b.userId));

describe('createDiscussion', () => {
  it('writes the discussion, answers it as GET does, and tells everyone else in the class', async () => {
    const { cls, mentor, learners } = await makeClassWithLearners(t, 2);
    const [author, other] = learners as [TestUser, TestUser];
    const answer = await createDiscussion(t.ctx, author.user, cls.id, { title: 'Week one', content: 'Questions here' });
    expect(answer).toEqual((await t.http.get(`/api/discussions/${answer._id}`).set(author.auth)).body);
    expect(answer).toMatchObject({ title: 'Week one', replyCount: 0, repliedByMe: false });
    expect(await notified(answer._id)).toEqual(
      [mentor, other]
        .map((u) => ({ userId: u.user.id, subjectTitle: 'Week one' }))
        .sort((a, b) => a.userId.localeCompare(b.userId)),
    );
  });

  it('refuses someone not enrolled (403) and writes neither the discussion nor a notification', async () => {
    const { cls } = await makeClassWithLearners(t, 1);
    const outsider = await makeLearner(t);
    await expect(
      createDiscussion(t.ctx, outsider.user, cls.id, { title: 'Not mine', content: 'Let me in' }),
    ).rejects.toMatchObject({ status: 403, message: MESSAGES.createDiscussion.mustEnrolToStart });
    expect(await countRows(t, discussions, eq(discussions.classId, cls.id))).toBe(0);
    expect(await countRows(t, notifications, eq(notifications.classId, cls.id))).toBe(0);
  });

  it('answers 404 for a class that is not there', async () => {
    const learner = await makeLearner(t);
    await expect(
      createDiscussion(t.ctx, learner.user, randomUUID(), { title: 'Gone', content: 'Nowhere' }),
    ).rejects.toMatchObject({ status: 404, message: MESSAGES.classDetail.notFound });
  });

  it('stores a threat hidden, tells the class of a discussion but not what it says, and flags it', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 2);
    const threat = 'I will find you and hurt you, watch your back';
    const answer = await createDiscussion(t.ctx, (learners[0] as TestUser).user, cls.id, {
      title: threat,
      content: threat,
    });
    expect(answer).toMatchObject({ hidden: true });
    expect((await notified(answer._id)).map((n) => n.subjectTitle)).toEqual([HIDDEN_NOTICE, HIDDEN_NOTICE]);
    const [entry] = await t.ctx.db.select().from(moderationEntries).where(eq(moderationEntries.targetId, answer._id));
    expect(entry).toMatchObject({ severe: true, autoFlag: expect.any(String) });
  });
});
