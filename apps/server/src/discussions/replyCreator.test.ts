import { type Discussion, type DiscussionReply, discussionSchema, ROLES } from '@mentora/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../test/expectations.js';
import {
  enrol,
  makeAdmin,
  makeBoth,
  makeClassWithLearners,
  makeDiscussion,
  makeDiscussionReply,
  makeLearner,
  makeUser,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { membershipOf } from '../classes/membership.js';
import { discussionReplies, discussions, notifications, users } from '../db/schema.js';
import { canReplyToDiscussion } from './policy.js';
import { presentDiscussion } from './presenter.js';
import { createReply, insertReplies, insertReply, type ReplyInserted } from './replyCreator.js';

let t: TestServer;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

describe('createReply', () => {
  it('answers the discussion as GET then shows it to the one who replied, and tells its author', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 2);
    const [author, other] = learners as [TestUser, TestUser];
    const d = await makeDiscussion(t, author, cls);
    const answer: Discussion = await createReply(t.ctx, other.user, d._id, 'a reply');
    expect(answer).toEqual((await t.http.get(`/api/discussions/${d._id}`).set(other.auth)).body);
    expect(answer).toMatchObject({ replyCount: 1, repliedByMe: true, replies: [{ content: 'a reply' }] });
    expect(
      await countRows(
        t,
        notifications,
        sql`user_id = ${author.user.id} and discussion_id = ${d._id} and kind = 'discussion_reply'`,
      ),
    ).toBe(1);
  });

  it('answers 404 for a discussion that is gone and 403 to whoever may not reply, writing nothing', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 1);
    const d = await makeDiscussion(t, learners[0] as TestUser, cls);
    const outsider = await makeLearner(t);
    await expect(createReply(t.ctx, outsider.user, d._id, 'not mine to write')).rejects.toMatchObject({ status: 403 });
    await t.ctx.db.delete(discussions).where(eq(discussions.id, d._id));
    await expect(createReply(t.ctx, admin.user, d._id, 'too late')).rejects.toMatchObject({ status: 404 });
    expect(await countRows(t, discussionReplies, sql`discussion_id = ${d._id}`)).toBe(0);
  });
});

describe('who may reply: the statement and the policy', () => {
  it('agree for every role, enrolled or not, the class creator or not', async () => {
    const { mentor, cls } = await makeClassWithLearners(t, 0);
    const d = await makeDiscussion(t, mentor, cls);
    const creatorRoles = ROLES.filter((role) => role !== 'mentor');
    const cases: { who: TestUser; label: string }[] = [{ who: mentor, label: 'creator as mentor' }];
    for (const role of ROLES) {
      for (const enrolled of [false, true]) {
        const who = await makeUser(t, { role, verified: true });
        if (enrolled) await enrol(t, cls, who);
        cases.push({ who, label: `${role}${enrolled ? ', enrolled' : ''}` });
      }
    }
    // The class's creator under every other role (a mentor demoted, or made an admin).
    for (const role of creatorRoles) {
      await t.ctx.db.update(users).set({ role }).where(eq(users.id, mentor.user.id));
      t.ctx.readCache.changed('users');
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, mentor.user.id));
      if (!row) throw new Error('no creator');
      cases.push({ who: { ...mentor, user: row }, label: `creator as ${role}` });
    }
    for (const { who, label } of cases) {
      const m = await membershipOf(t.ctx.db, cls.id, who.user);
      if (!m) throw new Error('no class');
      const [result] = await insertReplies(t.ctx.db, [
        {
          actor: who.user,
          discussionId: d._id,
          reply: { content: label, sentimentLabel: 'NEUTRAL', sentimentPolarity: 0, flagged: false, flagReason: null },
        },
      ]);
      expect([label, result?.status]).toEqual([label, canReplyToDiscussion(m) ? 'written' : 'forbidden']);
    }
  });
});

describe('a reply whose discussion is gone', () => {
  it('writes nothing when the discussion is gone by the time the reply is written (the route answers 404)', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 2);
    const [author, other] = learners as [TestUser, TestUser];
    const d = await makeDiscussion(t, author, cls);
    await t.ctx.db.delete(discussions).where(eq(discussions.id, d._id));
    const written = await insertReply(t.ctx.db, {
      actor: other.user,
      discussionId: d._id,
      reply: { content: 'too late', sentimentLabel: 'NEUTRAL', sentimentPolarity: 0, flagged: false, flagReason: null },
    });
    expect(written).toEqual({ status: 'missing' });
    expect(await countRows(t, discussionReplies, sql`discussion_id = ${d._id}`)).toBe(0);
    expect(await countRows(t, notifications, sql`actor_id = ${other.user.id} and kind = 'discussion_reply'`)).toBe(0);
  });
});

describe('replies written together (insertReplies)', () => {
  const neutral = { sentimentLabel: 'NEUTRAL', sentimentPolarity: 0, flagged: false, flagReason: null } as const;
  const item = (who: TestUser, d: Discussion, content: string) => ({
    actor: who.user,
    discussionId: d._id,
    reply: { content, ...neutral },
  });
  /** The contents of the replies a written reply's answer holds, in order. */
  const contents = (w: { replies: DiscussionReply[] }) => w.replies.map((r) => r.content);
  /** The result of one written reply (fails the test if it was not written). */
  function written(result: ReplyInserted | undefined) {
    if (result?.status !== 'written') throw new Error(`not written: ${JSON.stringify(result)}`);
    return result;
  }

  it('writes a group in one statement: order kept, each answer its discussion, unread counts and event ids in order', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 3);
    const [author, x, y] = learners as [TestUser, TestUser, TestUser];
    const d1 = await makeDiscussion(t, author, cls);
    const d2 = await makeDiscussion(t, x, cls);
    const gone = await makeDiscussion(t, author, cls);
    await makeDiscussionReply(t, y, d1);
    const unreadBefore = await countRows(t, notifications, sql`user_id = ${author.user.id} and read_at is null`);
    await t.ctx.db.delete(discussions).where(eq(discussions.id, gone._id));
    const results = await insertReplies(t.ctx.db, [
      item(x, d1, 'first'),
      item(y, d1, 'second'),
      item(x, d2, 'own discussion'),
      item(x, gone, 'too late'),
      item(x, d1, 'third'),
    ]);
    expect(results[3]).toEqual({ status: 'missing' });
    const [first, second, own, third] = [results[0], results[1], results[2], results[4]].map(written) as [
      ReplyInserted & { status: 'written' },
      ReplyInserted & { status: 'written' },
      ReplyInserted & { status: 'written' },
      ReplyInserted & { status: 'written' },
    ];
    // Each answer is its discussion after the group: the replies before it, then the group's in order.
    const d1Replies = ['A reply made by a test factory.', 'first', 'second', 'third'];
    for (const answer of [first, second, third]) {
      expect(contents(answer)).toEqual(d1Replies);
      expect(answer.replies).toHaveLength(d1Replies.length);
    }
    expect(contents(own)).toEqual(['own discussion']);
    expect(first.replies).toContainEqual(first.reply);
    expect(first.reply).toMatchObject({ _id: first.replyId, content: 'first', author: { _id: x.user.id } });
    // Each answer's head is its discussion as GET shows it (the statement read it; nothing before).
    for (const [answer, d] of [
      [first, d1],
      [own, d2],
    ] as const) {
      const shown = presentDiscussion({ ...answer.head, replyCount: 0, repliedByMe: false });
      expect(shown).toEqual({ ...d, replies: [], replyCount: 0, repliedByMe: false });
    }
    expect(first.head.cls).toEqual({ id: cls.id, title: cls.title, mentorId: cls.mentorId });
    // GET shows them in the order they came, as the answers do.
    const got = discussionSchema.parse((await t.http.get(`/api/discussions/${d1._id}`).set(x.auth)).body);
    expect(got.replies.map((r) => r.content).slice(1)).toEqual(['first', 'second', 'third']);
    expect(got.replies.slice(1).map((r) => r._id)).toEqual([first.replyId, second.replyId, third.replyId]);
    // The author of d1 is told of the three, their unread count going up one by one; nobody of their own.
    expect(own.notification).toBeNull();
    const told = [first, second, third].map((w) => w.notification);
    expect(told.map((n) => n?.unread)).toEqual([unreadBefore + 1, unreadBefore + 2, unreadBefore + 3]);
    expect(told.map((n) => n?.row.userId)).toEqual([author.user.id, author.user.id, author.user.id]);
    expect(told.map((n) => n?.row.actorId)).toEqual([x.user.id, y.user.id, x.user.id]);
    expect(told.map((n) => n?.row.link)).toEqual(Array(3).fill(`/discussions/${d1._id}`));
    expect(told.map((n) => [n?.row.classId, n?.row.subjectTitle])).toEqual(Array(3).fill([cls.id, d1.title]));
    // Live event ids: every reply's after every notification's, both in the order the replies came.
    const seqs = told.map((n) => n?.row.seq ?? 0);
    const events = [first, second, own, third].map((w) => w.eventId);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect([...events].sort((a, b) => a - b)).toEqual(events);
    expect(Math.min(...events)).toBeGreaterThan(Math.max(...seqs));
    expect(await countRows(t, discussionReplies, sql`discussion_id = ${gone._id}`)).toBe(0);
    expect(await countRows(t, notifications, sql`discussion_id = ${gone._id}`)).toBe(0);
  });

  it("checks who may reply in the same statement: its class's learners and mentor, and admins; nobody else", async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 2);
    const [author, learner] = learners as [TestUser, TestUser];
    const d = await makeDiscussion(t, author, cls);
    const outsiders = [await makeLearner(t), await makeVerifiedMentor(t), await makeBoth(t)];
    const leaver = await makeLearner(t);
    await t.http.post(`/api/classes/${cls.id}/enroll`).set(leaver.auth).expect(200);
    await t.http.post(`/api/classes/${cls.id}/unenroll`).set(leaver.auth).expect(200);
    const results = await insertReplies(t.ctx.db, [
      item(learner, d, 'learner'),
      ...outsiders.map((who) => item(who, d, 'outsider')),
      item(mentor, d, 'mentor'),
      item(leaver, d, 'left the class'),
      item(admin, d, 'admin'),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'written',
      'forbidden',
      'forbidden',
      'forbidden',
      'written',
      'forbidden',
      'written',
    ]);
    const stored = await t.ctx.db
      .select({ content: discussionReplies.content })
      .from(discussionReplies)
      .where(eq(discussionReplies.discussionId, d._id));
    expect(stored.map((r) => r.content).sort()).toEqual(['admin', 'learner', 'mentor']);
    expect(contents(written(results[6]))).toEqual(['learner', 'mentor', 'admin']);
    expect(await countRows(t, notifications, sql`discussion_id = ${d._id} and kind = 'discussion_reply'`)).toBe(3);
  });

  it('writes the others when one reply of a group cannot be written, and fails that one alone', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 2);
    const [author, x] = learners as [TestUser, TestUser];
    const d = await makeDiscussion(t, author, cls);
    const reply = (content: string, sentimentLabel: string = neutral.sentimentLabel) =>
      insertReply(t.ctx.db, {
        actor: x.user,
        discussionId: d._id,
        reply: { content, ...neutral, sentimentLabel: sentimentLabel as 'NEUTRAL' },
      });
    // Two go at once (the groups in flight), the rest wait and go together: a label the enum does not
    // know breaks the group's statement.
    const results = await Promise.allSettled([
      reply('one'),
      reply('two'),
      reply('three'),
      reply('unknown label', 'MIXED'),
      reply('four'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const stored = await t.ctx.db
      .select({ content: discussionReplies.content })
      .from(discussionReplies)
      .where(eq(discussionReplies.discussionId, d._id));
    expect(stored.map((r) => r.content).sort()).toEqual(['four', 'one', 'three', 'two']);
    expect(await countRows(t, notifications, sql`discussion_id = ${d._id} and kind = 'discussion_reply'`)).toBe(4);
  });
});
