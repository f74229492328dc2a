import {
  type Discussion,
  MESSAGES,
  type ModerationEntry,
  moderationEntrySchema,
  moderationQueueResponseSchema,
  reportResponseSchema,
} from '@mentora/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enrol,
  giveStanding,
  makeAdmin,
  makeClassWithLearners,
  makeDiscussion,
  makeDiscussionReply,
  makeLearner,
  makePost,
  makePostReply,
  makeReview,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { openReadyStream } from '../../test/sse.js';
import { buildContext } from '../assistant/context.js';
import {
  auditLog,
  communityReplies,
  moderationEntries,
  notifications,
  postLikes,
  reports,
  users,
} from '../db/schema.js';
import { HIDDEN_NOTICE } from './visibility.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const HOSTILE = 'You are a complete idiot and nobody wants you here';
const THREAT = 'I will find you and hurt you, watch your back';

let t: TestServer;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

const report = (who: TestUser, body: Record<string, unknown>) => t.http.post('/api/reports').set(who.auth).send(body);

async function queue(query = '', who: TestUser = admin) {
  const res = await t.http.get(`/api/moderation/queue${query ? `?${query}` : ''}`).set(who.auth);
  expect(res.status).toBe(200);
  return moderationQueueResponseSchema.parse(res.body);
}

async function entryFor(targetId: string, query = 'status=open&limit=100'): Promise<ModerationEntry | undefined> {
  const { items } = await queue(query);
  return items.find((item) => item.targetId === targetId);
}

async function resolve(entryId: string, body: Record<string, unknown>, who: TestUser = admin) {
  return t.http.post(`/api/moderation/queue/${entryId}/resolve`).set(who.auth).send(body);
}

/** A class with its mentor and `n` learners, and a discussion by the first learner. */
async function classWithDiscussion(n = 4, content?: string) {
  const { mentor, cls, learners } = await makeClassWithLearners(t, n);
  const author = learners[0] as TestUser;
  const discussion = await makeDiscussion(t, author, cls, content ? { content } : {});
  return { mentor, cls, learners, author, discussion, others: learners.slice(1) };
}

const getDiscussion = async (id: string, who: TestUser) => {
  const res = await t.http.get(`/api/discussions/${id}`).set(who.auth);
  expect(res.status).toBe(200);
  return res.body as Discussion;
};

describe('POST /api/reports', () => {
  it('creates a report (201), and a second one by the same person updates it (200)', async () => {
    const { discussion, others } = await classWithDiscussion(2);
    const reporter = others[0] as TestUser;
    const first = await report(reporter, { targetType: 'discussion', targetId: discussion._id, reason: 'spam' });
    expect(first.status).toBe(201);
    const created = reportResponseSchema.parse(first.body).report;
    expect(created).toMatchObject({ targetType: 'discussion', targetId: discussion._id, reason: 'spam', note: '' });
    const again = await report(reporter, {
      targetType: 'discussion',
      targetId: discussion._id,
      reason: 'offTopic',
      note: '  Not about the class  ',
    });
    expect(again.status).toBe(200);
    expect(again.body.report).toMatchObject({ _id: created._id, reason: 'offTopic', note: 'Not about the class' });
    const rows = await t.ctx.db.select().from(reports).where(eq(reports.entryId, created.entryId));
    expect(rows).toHaveLength(1);
    const entry = await entryFor(discussion._id);
    expect(entry?.reports).toHaveLength(1);
    expect(entry?.reports[0]).toMatchObject({ reason: 'offTopic', reporter: { _id: reporter.user.id } });
  });

  it('reports every kind of item: reply, post, post reply, review, profile', async () => {
    const { cls, discussion, author, others } = await classWithDiscussion(2);
    const reporter = others[0] as TestUser;
    const withReply = await makeDiscussionReply(t, author, discussion);
    const post = await makePost(t, author);
    const withPostReply = await makePostReply(t, author, post);
    const review = await makeReview(t, cls, author);
    const targets = [
      ['reply', withReply.replies[0]?._id],
      ['post', post._id],
      ['postReply', withPostReply.replies[0]?._id],
      ['review', review.id],
      ['user', author.user.id],
    ] as const;
    for (const [targetType, targetId] of targets) {
      const res = await report(reporter, { targetType, targetId, reason: 'abuse', note: 'Rude' });
      expect(res.status, targetType).toBe(201);
      const entry = await entryFor(String(targetId));
      expect(entry?.target?.author._id, targetType).toBe(author.user.id);
    }
    const reply = await entryFor(String(withReply.replies[0]?._id));
    expect(reply?.target?.context).toEqual({ type: 'discussion', _id: discussion._id, title: discussion.title });
  });

  it('refuses one’s own content (403), unknown or unreadable targets (404) and bad input (400)', async () => {
    const { discussion, author } = await classWithDiscussion(1);
    const own = await report(author, { targetType: 'discussion', targetId: discussion._id, reason: 'spam' });
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ message: MESSAGES.moderation.cannotReportOwn, requestId: expect.any(String) });
    expect((await report(author, { targetType: 'user', targetId: author.user.id, reason: 'spam' })).status).toBe(403);
    const unknown = await report(author, { targetType: 'post', targetId: UNKNOWN_ID, reason: 'spam' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(MESSAGES.moderation.targetNotFound);
    expect((await report(author, { targetType: 'post', targetId: 'not-an-id', reason: 'spam' })).status).toBe(404);
    // A discussion of a class the reporter is not in: as if it did not exist.
    const outsider = await makeLearner(t);
    expect(
      (await report(outsider, { targetType: 'discussion', targetId: discussion._id, reason: 'spam' })).status,
    ).toBe(404);
    for (const body of [
      { targetType: 'discussion', targetId: discussion._id, reason: 'boring' },
      { targetType: 'thing', targetId: discussion._id, reason: 'spam' },
      { targetType: 'discussion', targetId: discussion._id, reason: 'spam', note: 'x'.repeat(501) },
      { targetType: 'discussion', reason: 'spam' },
    ]) {
      const res = await report(outsider, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.errors?.length).toBeGreaterThan(0);
    }
    expect((await fetch(`${t.baseUrl}/api/reports`, { method: 'POST' })).status).toBe(401);
  });

  it('rate-limits reports per user (429 with Retry-After)', async () => {
    const limited = await startTestServer({ env: { RATE_LIMIT: 'on', REPORT_RATE_LIMIT_PER_HOUR: '2' } });
    try {
      const author = await makeLearner(limited);
      const reporter = await makeLearner(limited);
      const other = await makeLearner(limited);
      const post = await makePost(limited, author);
      const send = (who: TestUser) =>
        limited.http
          .post('/api/reports')
          .set(who.auth)
          .send({ targetType: 'post', targetId: post._id, reason: 'spam' });
      expect((await send(reporter)).status).toBe(201);
      expect((await send(reporter)).status).toBe(200);
      const over = await send(reporter);
      expect(over.status).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.body.message).toBe(MESSAGES.server.tooManyRequests);
      // Per user: someone else still may.
      expect((await send(other)).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('automatic flags', () => {
  it('put flagged text of every kind in the queue, beside reports, without hiding it', async () => {
    const { cls, author, discussion, others } = await classWithDiscussion(2, HOSTILE);
    const withReply = await makeDiscussionReply(t, others[0] as TestUser, discussion, HOSTILE);
    const post = await makePost(t, author, { content: HOSTILE });
    const withPostReply = await makePostReply(t, others[0] as TestUser, post, HOSTILE);
    const reviewer = await makeLearner(t);
    await enrol(t, cls, reviewer);
    const review = await t.http
      .post('/api/reviews')
      .set(reviewer.auth)
      .send({ classId: cls.id, rating: 1, comment: HOSTILE });
    expect(review.status).toBe(201);
    const profile = await t.http.post('/api/auth/register').send({
      name: 'Plain Name',
      email: `flagged-${Date.now()}@example.test`,
      password: 'correct horse battery',
      role: 'learner',
      bio: HOSTILE,
    });
    expect(profile.status).toBe(201);
    const ids = [
      discussion._id,
      withReply.replies[0]?._id,
      post._id,
      withPostReply.replies[0]?._id,
      review.body._id,
      profile.body._id,
    ];
    const { items } = await queue('source=auto&limit=100');
    for (const id of ids) {
      const entry = items.find((item) => item.targetId === id);
      expect(entry, String(id)).toBeDefined();
      expect(entry?.autoFlag).toEqual({ reason: expect.stringContaining('Hostile tone'), severe: false });
      expect(entry?.reports).toEqual([]);
      expect(entry?.hidden).toBe(false);
    }
    // Not hidden: others read it as written.
    expect((await getDiscussion(discussion._id, others[0] as TestUser)).content).toBe(HOSTILE);
    // A report of a flagged item joins its entry: one entry per item.
    await report(others[0] as TestUser, { targetType: 'discussion', targetId: discussion._id, reason: 'abuse' });
    const both = (await queue('limit=100')).items.filter((item) => item.targetId === discussion._id);
    expect(both).toHaveLength(1);
    expect(both[0]?.reports).toHaveLength(1);
    expect((await queue('source=report&limit=100')).items.map((i) => i.targetId)).toContain(discussion._id);
  });

  it('hide a severe flag (a threat) at once: others see the notice, the author and admins the text', async () => {
    const { cls, mentor, learners } = await makeClassWithLearners(t, 2);
    const [author, other] = learners as [TestUser, TestUser];
    const created = await t.http
      .post('/api/discussions')
      .set(author.auth)
      .send({ classId: cls.id, title: 'Listen', content: THREAT });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ content: THREAT, hidden: true });
    const entry = await entryFor(created.body._id);
    expect(entry).toMatchObject({ hidden: true, autoFlag: { severe: true } });
    const seen = await getDiscussion(created.body._id, other);
    expect(seen).toMatchObject({ title: HIDDEN_NOTICE, content: HIDDEN_NOTICE, hidden: true });
    expect(JSON.stringify(seen)).not.toContain('hurt');
    expect((await getDiscussion(created.body._id, author)).content).toBe(THREAT);
    expect((await getDiscussion(created.body._id, admin)).content).toBe(THREAT);
    // The class heard of a new discussion, not of what it says.
    const told = await t.ctx.db.select().from(notifications).where(eq(notifications.discussionId, created.body._id));
    expect(told.map((n) => n.userId).sort()).toEqual([mentor.user.id, other.user.id].sort());
    expect(told.every((n) => n.subjectTitle === HIDDEN_NOTICE)).toBe(true);
  });
});

describe('auto-hide and the visibility rule', () => {
  it('hides at exactly MODERATION_AUTO_HIDE_REPORTS distinct reporters with standing, not before', async () => {
    expect(t.ctx.config.moderation.autoHideReports).toBe(3);
    const { discussion, others, author } = await classWithDiscussion(5);
    const [r1, r2, r3, viewer] = others as [TestUser, TestUser, TestUser, TestUser];
    for (const who of [r1, r2, r3]) await giveStanding(t, who);
    const body = { targetType: 'discussion', targetId: discussion._id, reason: 'abuse' };
    expect(reportResponseSchema.parse((await report(r1, body)).body).hidden).toBe(false);
    await report(r2, body);
    // The same person twice is one reporter.
    await report(r2, { ...body, reason: 'spam' });
    expect((await entryFor(discussion._id))?.hidden).toBe(false);
    expect((await getDiscussion(discussion._id, viewer)).content).toBe(discussion.content);
    // The report that hides it says so, and the reporter's screens refresh at once (issue #37.9).
    expect(reportResponseSchema.parse((await report(r3, body)).body).hidden).toBe(true);
    expect((await entryFor(discussion._id))?.hidden).toBe(true);
    const seen = await getDiscussion(discussion._id, viewer);
    expect(seen).toMatchObject({ title: HIDDEN_NOTICE, content: HIDDEN_NOTICE, hidden: true });
    const own = await getDiscussion(discussion._id, author);
    expect(own).toMatchObject({ title: discussion.title, content: discussion.content, hidden: true });
  });

  it('refuses likes and replies to hidden content from those who see only the notice (403), not its author or admins', async () => {
    const { discussion, others, author, mentor } = await classWithDiscussion(5);
    const post = await makePost(t, author);
    const [r1, r2, r3, viewer] = others as [TestUser, TestUser, TestUser, TestUser];
    for (const who of [r1, r2, r3]) await giveStanding(t, who);
    for (const target of [
      { targetType: 'discussion', targetId: discussion._id },
      { targetType: 'post', targetId: post._id },
    ]) {
      for (const who of [r1, r2, r3]) expect((await report(who, { ...target, reason: 'spam' })).status).toBe(201);
    }
    const closed = { message: MESSAGES.moderation.hiddenClosed };
    const like = (who: TestUser) => t.http.post(`/api/community/${post._id}/like`).set(who.auth);
    const replyToPost = (who: TestUser) =>
      t.http.post(`/api/community/${post._id}/replies`).set(who.auth).send({ content: 'Still here?' });
    const replyToDiscussion = (who: TestUser) =>
      t.http.post(`/api/discussions/${discussion._id}/replies`).set(who.auth).send({ content: 'Still here?' });
    // A member of the class, and its mentor: neither can read it, so neither can answer it.
    for (const who of [viewer, mentor]) {
      expect(await like(who)).toMatchObject({ status: 403, body: closed });
      expect(await replyToPost(who)).toMatchObject({ status: 403, body: closed });
      expect(await replyToDiscussion(who)).toMatchObject({ status: 403, body: closed });
    }
    expect(await t.ctx.db.select().from(postLikes).where(eq(postLikes.postId, post._id))).toEqual([]);
    expect(await t.ctx.db.select().from(communityReplies).where(eq(communityReplies.postId, post._id))).toEqual([]);
    expect((await getDiscussion(discussion._id, author)).replies).toEqual([]);
    // Its author and an admin read it as written, and may.
    for (const who of [author, admin]) {
      expect((await like(who)).status).toBe(200);
      expect((await replyToPost(who)).status).toBe(201);
      expect((await replyToDiscussion(who)).status).toBe(201);
    }
  });

  it('meets concurrent reports on one entry, and hides once the third lands', async () => {
    const author = await makeLearner(t);
    const post = await makePost(t, author);
    const reporters = await Promise.all([1, 2, 3].map(async () => giveStanding(t, await makeLearner(t))));
    const answers = await Promise.all(
      reporters.map((who) => report(who, { targetType: 'post', targetId: post._id, reason: 'spam' })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.report.entryId)).size).toBe(1);
    const entries = await t.ctx.db.select().from(moderationEntries).where(eq(moderationEntries.targetId, post._id));
    expect(entries).toHaveLength(1);
    expect((await entryFor(post._id))?.hidden).toBe(true);
  });

  it('hides a threatening profile at once and queues it', async () => {
    const res = await t.http.post('/api/auth/register').send({
      name: 'Someone',
      email: `threat-${Date.now()}@example.test`,
      password: 'correct horse battery',
      role: 'learner',
      bio: THREAT,
    });
    expect(res.status).toBe(201);
    expect(await entryFor(res.body._id)).toMatchObject({
      targetType: 'user',
      hidden: true,
      autoFlag: { severe: true },
    });
  });

  it('keeps hidden text out of lists, searches, the feed and the assistant’s context', async () => {
    const { cls, discussion, others, author } = await classWithDiscussion(5, 'Zanzibarian quokkas everywhere');
    const [r1, r2, r3, viewer] = others as [TestUser, TestUser, TestUser, TestUser];
    const post = await makePost(t, author, { title: 'Quokka post', content: 'Zanzibarian quokkas in the feed' });
    const withReply = await makeDiscussionReply(t, author, await makeDiscussion(t, r1, cls), 'Zanzibarian reply text');
    for (const who of [r1, r2, r3]) await giveStanding(t, who);
    for (const who of [r1, r2, r3]) {
      await report(who, { targetType: 'discussion', targetId: discussion._id, reason: 'spam' });
      await report(who, { targetType: 'post', targetId: post._id, reason: 'spam' });
    }
    // The reply is hidden by a moderator.
    await report(r2, { targetType: 'reply', targetId: withReply.replies[0]?._id, reason: 'abuse' });
    const replyEntry = await entryFor(String(withReply.replies[0]?._id));
    expect((await resolve(String(replyEntry?._id), { action: 'hide', reason: 'rude' })).status).toBe(200);

    const list = await t.http.get(`/api/discussions?classId=${cls.id}`).set(viewer.auth);
    const listed = (list.body as Discussion[]).find((d) => d._id === discussion._id);
    expect(listed).toMatchObject({ title: HIDDEN_NOTICE, content: HIDDEN_NOTICE, hidden: true });
    const searched = await t.http.get(`/api/discussions?search=zanzibarian`).set(viewer.auth);
    expect((searched.body as Discussion[]).map((d) => d._id)).not.toContain(discussion._id);
    const ownSearch = await t.http.get(`/api/discussions?search=zanzibarian`).set(author.auth);
    expect((ownSearch.body as Discussion[]).map((d) => d._id)).toContain(discussion._id);

    const feed = await t.http.get('/api/community').set(viewer.auth);
    const inFeed = (feed.body as { _id: string; title: string; content: string }[]).find((p) => p._id === post._id);
    expect(inFeed).toMatchObject({ title: HIDDEN_NOTICE, content: HIDDEN_NOTICE, hidden: true });
    const feedSearch = await t.http.get('/api/community?search=zanzibarian').set(viewer.auth);
    expect(feedSearch.body.map((p: { _id: string }) => p._id)).not.toContain(post._id);
    const ownFeed = await t.http.get('/api/community').set(author.auth);
    expect(ownFeed.body.find((p: { _id: string }) => p._id === post._id)).toMatchObject({
      content: 'Zanzibarian quokkas in the feed',
      hidden: true,
    });

    const thread = await getDiscussion(withReply._id, viewer);
    expect(thread.replies[0]).toMatchObject({ content: HIDDEN_NOTICE, hidden: true });
    expect((await getDiscussion(withReply._id, author)).replies[0]?.content).toBe('Zanzibarian reply text');
    // Replying to it, the viewer's answer masks it too.
    const answered = await t.http
      .post(`/api/discussions/${withReply._id}/replies`)
      .set(viewer.auth)
      .send({ content: 'ok' });
    expect(answered.status).toBe(201);
    expect(answered.body.replies[0]).toMatchObject({ content: HIDDEN_NOTICE, hidden: true });

    for (const asker of [viewer, author, admin]) {
      const context = await buildContext(t.ctx.db, asker.user, 'zanzibarian quokkas');
      expect(context.matches.discussions.map((d) => d.id)).not.toContain(discussion._id);
      expect(context.matches.posts.map((p) => p.id)).not.toContain(post._id);
      expect(JSON.stringify(context)).not.toContain('Zanzibarian reply');
    }
  });

  it('reaches pages the read cache kept before the decision: the thread, a class search, the feed', async () => {
    const { cls, discussion, others, author } = await classWithDiscussion(3, 'Quetzalcoatlian plans for the week');
    const [reporter, viewer] = others as [TestUser, TestUser];
    const withReply = await makeDiscussionReply(t, author, discussion, 'Quetzalcoatlian reply text');
    const replyId = String(withReply.replies[0]?._id);
    const post = await makePost(t, author, { title: 'A plain post', content: 'Nothing to see' });
    const withPostReply = await makePostReply(t, author, post, 'Quetzalcoatlian post reply');
    const postReplyId = String(withPostReply.replies[0]?._id);
    const reads = {
      thread: () => getDiscussion(discussion._id, viewer),
      search: async () =>
        (await t.http.get(`/api/discussions?classId=${cls.id}&search=quetzalcoatlian`).set(viewer.auth))
          .body as Discussion[],
      feed: async () =>
        (await t.http.get('/api/community').set(viewer.auth)).body as {
          _id: string;
          replies: { _id: string; content: string; hidden?: boolean }[];
        }[],
    };
    // Each read twice: the second comes from the read cache, so the decision below must reach kept pages.
    for (const read of Object.values(reads)) await read();
    const hits = t.ctx.readCache.hits;
    for (const read of Object.values(reads)) await read();
    expect(t.ctx.readCache.hits - hits).toBeGreaterThanOrEqual(3);

    for (const [targetType, targetId] of [
      ['discussion', discussion._id],
      ['reply', replyId],
      ['postReply', postReplyId],
    ] as const) {
      await report(reporter, { targetType, targetId, reason: 'spam' });
      const entry = await entryFor(targetId);
      expect((await resolve(String(entry?._id), { action: 'hide' })).status).toBe(200);
    }

    const thread = await reads.thread();
    expect(thread).toMatchObject({ title: HIDDEN_NOTICE, content: HIDDEN_NOTICE, hidden: true });
    expect(thread.replies.find((r) => r._id === replyId)).toMatchObject({ content: HIDDEN_NOTICE, hidden: true });
    expect((await reads.search()).map((d) => d._id)).not.toContain(discussion._id);
    const inFeed = (await reads.feed()).find((p) => p._id === post._id);
    expect(inFeed?.replies.find((r) => r._id === postReplyId)).toMatchObject({ content: HIDDEN_NOTICE, hidden: true });
    expect(JSON.stringify([thread, await reads.search(), await reads.feed()])).not.toContain('Quetzalcoatlian');
  });

  it('masks hidden reviews for everyone but their author and admins', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 4);
    const [author, ...reporters] = learners as TestUser[];
    const review = await makeReview(t, cls, author as TestUser, 1, 'Terrible class, all lies');
    for (const who of reporters) await giveStanding(t, who);
    for (const who of reporters) await report(who, { targetType: 'review', targetId: review.id, reason: 'other' });
    const seen = await t.http.get(`/api/reviews/${cls.id}`).set((reporters[0] as TestUser).auth);
    expect(seen.body[0]).toMatchObject({ comment: HIDDEN_NOTICE, hidden: true });
    const own = await t.http.get(`/api/reviews/${cls.id}`).set((author as TestUser).auth);
    expect(own.body[0]).toMatchObject({ comment: 'Terrible class, all lies', hidden: true });
  });

  it('sends hidden content live only as the notice', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 2);
    const [author, watcher] = learners as [TestUser, TestUser];
    const discussion = await makeDiscussion(t, author, cls);
    const stream = await openReadyStream(`${t.baseUrl}/api/events`, { headers: watcher.auth });
    try {
      const post = await t.http
        .post('/api/community')
        .set(author.auth)
        .send({ title: 'Hi', content: THREAT, tags: [] });
      expect(post.body).toMatchObject({ content: THREAT, hidden: true });
      const reply = await t.http
        .post(`/api/discussions/${discussion._id}/replies`)
        .set(author.auth)
        .send({ content: THREAT });
      expect(reply.status).toBe(201);
      const postEvent = await stream.waitFor(
        (m) => m.event === 'community.post' && m.data.includes(post.body._id),
        'the post',
      );
      expect(JSON.parse(postEvent.data).post).toMatchObject({
        title: HIDDEN_NOTICE,
        content: HIDDEN_NOTICE,
        hidden: true,
      });
      const replyEvent = await stream.waitFor(
        (m) => m.event === 'discussion.reply' && m.data.includes(discussion._id),
        'the reply',
      );
      expect(JSON.parse(replyEvent.data).reply).toMatchObject({ content: HIDDEN_NOTICE, hidden: true });
      expect(stream.raw).not.toContain('hurt you');
    } finally {
      stream.close();
    }
  });
});

describe('the review queue', () => {
  it('is for admins only', async () => {
    const learner = await makeLearner(t);
    expect((await t.http.get('/api/moderation/queue').set(learner.auth)).status).toBe(403);
    // A fresh client: the shared agent keeps the cookie of a registration above.
    expect((await fetch(`${t.baseUrl}/api/moderation/queue`)).status).toBe(401);
    expect((await resolve(UNKNOWN_ID, { action: 'dismiss' }, learner)).status).toBe(403);
    expect((await resolve(UNKNOWN_ID, { action: 'dismiss' })).status).toBe(404);
    expect((await t.http.get('/api/moderation/queue?status=closed').set(admin.auth)).status).toBe(400);
  });

  it('orders by score (distinct reporters, severity, age) and filters by kind, reason, source and status', async () => {
    const author = await makeLearner(t);
    const reporters = [await makeLearner(t), await makeLearner(t)];
    const one = await makePost(t, author, { title: 'One report' });
    const two = await makePost(t, author, { title: 'Two reports' });
    const severe = await makePost(t, author, { title: 'Severe', content: THREAT });
    await report(reporters[0] as TestUser, { targetType: 'post', targetId: one._id, reason: 'spam' });
    for (const who of reporters) await report(who, { targetType: 'post', targetId: two._id, reason: 'offTopic' });
    const { items, openCount } = await queue('targetType=post&limit=100');
    expect(openCount).toBeGreaterThanOrEqual(3);
    const order = items.map((i) => i.targetId).filter((id) => [one._id, two._id, severe._id].includes(id));
    // A threat (30) outranks two reporters (20), which outrank one (10).
    expect(order).toEqual([severe._id, two._id, one._id]);
    const scores = items.map((i) => i.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect((await queue('reason=offTopic&limit=100')).items.map((i) => i.targetId)).toContain(two._id);
    expect((await queue('reason=offTopic&limit=100')).items.map((i) => i.targetId)).not.toContain(one._id);
    expect((await queue('source=auto&limit=100')).items.map((i) => i.targetId)).toContain(severe._id);
    expect((await queue('source=auto&limit=100')).items.map((i) => i.targetId)).not.toContain(two._id);
    expect((await queue('targetType=discussion&limit=100')).items.every((i) => i.targetType === 'discussion')).toBe(
      true,
    );
    // Pages: one at a time, to the end, each entry once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await queue(`targetType=post&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((i) => i._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(items.map((i) => i._id));
  });
});

describe('who can hide by reporting (issue #35)', () => {
  const reportPost = (who: TestUser, postId: string) =>
    report(who, { targetType: 'post', targetId: postId, reason: 'abuse' });
  const hiddenNow = async (postId: string) => (await entryFor(postId))?.hidden;

  it('queues the reports of accounts without standing but does not hide for them', async () => {
    const author = await makeLearner(t);
    const post = await makePost(t, author);
    // Three accounts made a minute ago.
    const fresh = [await makeLearner(t), await makeLearner(t), await makeLearner(t)];
    for (const who of fresh) expect((await reportPost(who, post._id)).status).toBe(201);
    const entry = await entryFor(post._id);
    expect(entry?.reports).toHaveLength(3);
    expect(entry?.hidden).toBe(false);
    // Old enough but never wrote anything; active but made today: neither counts either.
    const idle = await makeLearner(t);
    await t.ctx.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(eq(users.id, idle.user.id));
    const young = await makeLearner(t);
    for (let i = 0; i < 5; i += 1) await makePost(t, young);
    await reportPost(idle, post._id);
    await reportPost(young, post._id);
    expect((await entryFor(post._id))?.reports).toHaveLength(5);
    expect(await hiddenNow(post._id)).toBe(false);
    // With standing, three do hide it.
    for (const who of fresh) await giveStanding(t, who);
    await reportPost(fresh[0] as TestUser, post._id);
    expect(await hiddenNow(post._id)).toBe(true);
  });

  it('never hides an admin’s content by reports', async () => {
    const announcement = await makePost(t, admin, { title: 'Maintenance tonight' });
    const profileOf = admin.user.id;
    for (let i = 0; i < 4; i += 1) {
      const who = await giveStanding(t, await makeLearner(t));
      expect((await reportPost(who, announcement._id)).status).toBe(201);
      await report(who, { targetType: 'user', targetId: profileOf, reason: 'abuse' });
    }
    expect(await hiddenNow(announcement._id)).toBe(false);
    expect((await entryFor(profileOf))?.hidden).toBe(false);
    const reader = await makeLearner(t);
    const feed = (await t.http.get('/api/community').set(reader.auth)).body as { _id: string; title: string }[];
    expect(feed.find((p) => p._id === announcement._id)?.title).toBe('Maintenance tonight');
  });

  it('after a dismissal, the same people’s new reports queue the item without hiding it', async () => {
    const author = await makeLearner(t);
    const post = await makePost(t, author);
    const trio = [await makeLearner(t), await makeLearner(t), await makeLearner(t)];
    for (const who of trio) await reportPost(await giveStanding(t, who), post._id);
    const first = await entryFor(post._id);
    expect(first?.hidden).toBe(true);
    expect((await resolve(String(first?._id), { action: 'dismiss', reason: 'Fair criticism' })).status).toBe(200);
    // The same three again, at once: a new open entry with their reports, the post still shown.
    for (const who of trio) expect((await reportPost(who, post._id)).status).toBe(201);
    const second = await entryFor(post._id);
    expect(second?._id).not.toBe(first?._id);
    expect(second?.reports.map((r) => r.reporter._id).sort()).toEqual(trio.map((w) => w.user.id).sort());
    expect(second?.hidden).toBe(false);
    const reader = await makeLearner(t);
    const feed = (await t.http.get('/api/community').set(reader.auth)).body as { _id: string; hidden?: true }[];
    expect(feed.find((p) => p._id === post._id)?.hidden).toBeUndefined();
    // Other people with standing still can.
    for (let i = 0; i < 3; i += 1) await reportPost(await giveStanding(t, await makeLearner(t)), post._id);
    expect(await hiddenNow(post._id)).toBe(true);
  });

  it('weighs each reporter by how their earlier reports were decided', async () => {
    const author = await makeLearner(t);
    /** `who` reports `n` posts of the author and a moderator decides each with `action`. */
    const record = async (who: TestUser, action: 'hide' | 'dismiss', n: number) => {
      for (let i = 0; i < n; i += 1) {
        const post = await makePost(t, author);
        await reportPost(who, post._id);
        expect((await resolve(String((await entryFor(post._id))?._id), { action })).status).toBe(200);
      }
    };
    // Two reporters whose reports were upheld twice each weigh 1.5 each: two of them hide.
    const trusted = [await makeLearner(t), await makeLearner(t)];
    for (const who of trusted) await record(await giveStanding(t, who), 'hide', 2);
    const target = await makePost(t, author);
    await reportPost(trusted[0] as TestUser, target._id);
    expect(await hiddenNow(target._id)).toBe(false);
    await reportPost(trusted[1] as TestUser, target._id);
    expect(await hiddenNow(target._id)).toBe(true);
    // Three whose reports were dismissed twice each weigh 0.5 each: three do not.
    const doubted = [await makeLearner(t), await makeLearner(t), await makeLearner(t)];
    for (const who of doubted) await record(await giveStanding(t, who), 'dismiss', 2);
    const other = await makePost(t, author);
    for (const who of doubted) await reportPost(who, other._id);
    expect((await entryFor(other._id))?.reports).toHaveLength(3);
    expect(await hiddenNow(other._id)).toBe(false);
  });
});

describe('resolving', () => {
  it('dismiss shows the content again; hide keeps it hidden; delete removes it; each once', async () => {
    const { discussion, others, author } = await classWithDiscussion(5);
    const [r1, r2, r3, viewer] = others as [TestUser, TestUser, TestUser, TestUser];
    for (const who of [r1, r2, r3]) await giveStanding(t, who);
    for (const who of [r1, r2, r3])
      await report(who, { targetType: 'discussion', targetId: discussion._id, reason: 'spam' });
    const entry = await entryFor(discussion._id);
    expect(entry?.hidden).toBe(true);
    const dismissed = await resolve(String(entry?._id), { action: 'dismiss', reason: 'Not spam' });
    expect(dismissed.status).toBe(200);
    const resolved = moderationEntrySchema.parse(dismissed.body);
    expect(resolved).toMatchObject({
      status: 'resolved',
      hidden: false,
      resolution: { action: 'dismiss', reason: 'Not spam', by: { _id: admin.user.id, name: admin.user.name } },
    });
    expect((await getDiscussion(discussion._id, viewer)).content).toBe(discussion.content);
    expect((await resolve(String(entry?._id), { action: 'hide' })).status).toBe(409);
    expect((await queue('status=resolved&limit=100')).items.map((i) => i._id)).toContain(entry?._id);
    expect((await queue('status=open&limit=100')).items.map((i) => i._id)).not.toContain(entry?._id);

    // Reported again after a dismissal: a new entry.
    await report(r1, { targetType: 'discussion', targetId: discussion._id, reason: 'abuse' });
    const second = await entryFor(discussion._id);
    expect(second?._id).not.toBe(entry?._id);
    // The author's record shows the earlier outcome.
    expect(second?.author?.history.resolved.dismiss).toBe(1);
    expect(second?.author?.history.recent[0]).toMatchObject({ entryId: entry?._id, action: 'dismiss' });
    const hidden = await resolve(String(second?._id), { action: 'hide', reason: 'Rude after all' });
    expect(hidden.body).toMatchObject({ hidden: true, resolution: { action: 'hide' } });
    expect((await getDiscussion(discussion._id, viewer)).content).toBe(HIDDEN_NOTICE);
    expect((await getDiscussion(discussion._id, author)).content).toBe(discussion.content);

    await report(r2, { targetType: 'discussion', targetId: discussion._id, reason: 'abuse' });
    const third = await entryFor(discussion._id);
    const deleted = await resolve(String(third?._id), { action: 'delete', reason: 'Harassment' });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ target: null, resolution: { action: 'delete', reason: 'Harassment' } });
    expect((await t.http.get(`/api/discussions/${discussion._id}`).set(author.auth)).status).toBe(404);

    // Every action is in the audit log with its reason.
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, discussion._id));
    expect(audit.map((a) => [a.action, a.detail.includes('reason: ') ? a.detail.split('reason: ')[1] : ''])).toEqual(
      expect.arrayContaining([
        ['report_dismissed', 'Not spam'],
        ['content_hidden', 'Rude after all'],
        ['content_deleted', 'Harassment'],
      ]),
    );
    const listed = await t.http.get('/api/admin/audit-log').set(admin.auth);
    expect(listed.body.entries.map((e: { action: string }) => e.action)).toContain('content_deleted');
  });

  it('tells the reporters and the author the outcome, quoting hidden content to its author only', async () => {
    const author = await makeLearner(t);
    const [r1, r2] = [await makeLearner(t), await makeLearner(t)];
    const post = await makePost(t, author, { title: 'Reported post' });
    for (const who of [r1, r2]) await report(who, { targetType: 'post', targetId: post._id, reason: 'spam' });
    const entry = await entryFor(post._id);
    expect((await resolve(String(entry?._id), { action: 'hide' })).status).toBe(200);
    for (const who of [r1, r2]) {
      const res = await t.http.get('/api/notifications').set(who.auth);
      expect(res.body.notifications[0]).toMatchObject({
        kind: 'report_resolved',
        message: MESSAGES.notifications.reportResolved(MESSAGES.moderation.outcome.hide, 'Community post'),
      });
      // The hidden post's title is not quoted to them (kept, and sent live).
      expect(JSON.stringify(res.body)).not.toContain('Reported post');
    }
    const own = await t.http.get('/api/notifications').set(author.auth);
    expect(own.body.notifications[0]).toMatchObject({
      kind: 'content_moderated',
      message: MESSAGES.notifications.contentModerated(MESSAGES.moderation.outcome.hide, 'Reported post'),
    });
    // The moderator is not told of their own decision.
    const mine = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, admin.user.id));
    expect(mine.filter((n) => n.kind === 'report_resolved' || n.kind === 'content_moderated')).toEqual([]);
  });

  it('validates the optional sanction and leaves the entry open on bad input', async () => {
    const author = await makeLearner(t);
    const post = await makePost(t, author);
    await report(await makeLearner(t), { targetType: 'post', targetId: post._id, reason: 'spam' });
    const entry = await entryFor(post._id);
    for (const body of [
      { action: 'ban' },
      { action: 'hide', sanction: { kind: 'silence', message: 'Calm down' } },
      { action: 'hide', sanction: { kind: 'suspend', days: 0, message: 'x' } },
      { action: 'hide', sanction: { kind: 'warn', message: '' } },
      { action: 'hide', reason: 'x'.repeat(501) },
    ]) {
      const res = await resolve(String(entry?._id), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await entryFor(post._id))?.status).toBe('open');
    const ok = await resolve(String(entry?._id), {
      action: 'hide',
      sanction: { kind: 'silence', days: 3, message: 'Please keep it civil' },
    });
    expect(ok.status).toBe(200);
  });
});

describe('resolving with a sanction', () => {
  it('silences the author with the decision: their next reply is refused with the end date and the message to them, never the private reason', async () => {
    const { author, discussion, others } = await classWithDiscussion(2);
    const withReply = await makeDiscussionReply(t, author, discussion, 'A reply worth a report');
    const replyId = String(withReply.replies[0]?._id);
    const reported = await report(others[0] as TestUser, { targetType: 'reply', targetId: replyId, reason: 'abuse' });
    expect(reported.status).toBe(201);
    const entry = await entryFor(replyId, 'status=open&targetType=reply&limit=100');
    const res = await resolve(String(entry?._id), {
      action: 'hide',
      reason: 'Insulting a classmate',
      sanction: { kind: 'silence', days: 3, message: 'Please keep it civil' },
    });
    expect(res.status).toBe(200);
    const refused = await t.http
      .post(`/api/discussions/${discussion._id}/replies`)
      .set(author.auth)
      .send({ content: 'Another reply' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^Your account is silenced until .+: Please keep it civil$/);
    const own = await t.http.get('/api/notifications').set(author.auth);
    expect(own.body.notifications.map((n: { kind: string }) => n.kind)).toEqual(
      expect.arrayContaining(['silenced', 'content_moderated']),
    );
    expect(JSON.stringify(own.body)).not.toContain('Insulting a classmate');
    // The private reason is the audit log's (issue #37.7: one name for each, the same in both forms).
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'sanction_imposed'));
    expect(audit.map((a) => a.detail)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/: Please keep it civil — private reason: Insulting a classmate$/),
      ]),
    );
  });

  it('refuses a sanction of an admin author (403) and leaves the entry open, the content as it was', async () => {
    const otherAdmin = await makeAdmin(t);
    const post = await makePost(t, otherAdmin, { title: 'An admin post' });
    await report(await makeLearner(t), { targetType: 'post', targetId: post._id, reason: 'other' });
    const entry = await entryFor(post._id);
    const res = await resolve(String(entry?._id), {
      action: 'hide',
      sanction: { kind: 'suspend', days: 2, message: 'No' },
    });
    expect(res.status).toBe(403);
    const after = await entryFor(post._id);
    expect(after?.status).toBe('open');
    expect(after?.hidden).toBe(false);
  });
});

describe('live queue count', () => {
  it('reaches every admin at once, and nobody else', async () => {
    const secondAdmin = await makeAdmin(t);
    const learner = await makeLearner(t);
    const author = await makeLearner(t);
    const streams = await Promise.all(
      [admin, secondAdmin, learner].map((who) => openReadyStream(`${t.baseUrl}/api/events`, { headers: who.auth })),
    );
    try {
      const post = await makePost(t, author);
      await report(learner, { targetType: 'post', targetId: post._id, reason: 'spam' });
      const open = (await queue()).openCount;
      for (const stream of streams.slice(0, 2)) {
        const event = await stream.waitFor(
          (m) => m.event === 'moderation.queue' && JSON.parse(m.data).openCount === open,
          'the queue count',
        );
        expect(JSON.parse(event.data)).toEqual({ openCount: open });
      }
      // The learner's stream got later events (the post) but never the queue's.
      await (streams[2] as (typeof streams)[number]).waitForEvent('community.post');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(streams[2]?.all('moderation.queue')).toEqual([]);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});

describe('deleting an account', () => {
  it('takes its queue entries and reports with it', async () => {
    const author = await makeLearner(t);
    const reporter = await makeLearner(t);
    const post = await makePost(t, author);
    await report(reporter, { targetType: 'post', targetId: post._id, reason: 'spam' });
    await t.http.delete(`/api/users/learner/${author.user.id}`).set(admin.auth).expect(200);
    expect(
      await t.ctx.db.select().from(moderationEntries).where(eq(moderationEntries.authorId, author.user.id)),
    ).toEqual([]);
    expect(await t.ctx.db.select().from(reports).where(eq(reports.reporterId, reporter.user.id))).toEqual([]);
  });
});
