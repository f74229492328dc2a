import {
  type CommunityLikeEvent,
  type CommunityPostEvent,
  type DiscussionReplyEvent,
  MESSAGES,
  type NotificationEvent,
  notificationEventSchema,
  notificationListResponseSchema,
  UNREAD_COUNT_MAX,
} from '@mentora/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAdmin,
  makeClassWithLearners,
  makeDiscussion,
  makeLearner,
  makePost,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { openReadyStream, type SseMessage, SseStream } from '../../test/sse.js';
import { notifications } from '../db/schema.js';

// GET /api/events on one process (the in-process bus). Across processes: multiprocess.test.ts.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { EVENTS_HEARTBEAT_MS: '100', EVENTS_MAX_STREAMS_PER_USER: '3' } });
});
afterAll(() => t.close());

const opened: SseStream[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

async function listen(who: TestUser, headers: Record<string, string> = {}, server: TestServer = t) {
  const stream = await openReadyStream(`${server.baseUrl}/api/events`, { headers: { ...who.auth, ...headers } });
  opened.push(stream);
  return stream;
}

/** A community post everyone hears: once it has arrived, every event published before it has been dealt with. */
async function barrier(streams: SseStream[], server: TestServer = t) {
  const poster = await makeLearner(server);
  const post = await makePost(server, poster, { title: 'barrier' });
  for (const s of streams) {
    await s.waitFor(
      (m) => m.event === 'community.post' && (JSON.parse(m.data) as CommunityPostEvent).post._id === post._id,
      'the barrier post',
    );
  }
}

const reply = (server: TestServer, who: TestUser, discussionId: string, content: string) =>
  server.http.post(`/api/discussions/${discussionId}/replies`).set(who.auth).send({ content });

describe('GET /api/events', () => {
  it('answers 401 JSON without a valid token', async () => {
    const none = await SseStream.open(`${t.baseUrl}/api/events`);
    expect(none.status).toBe(401);
    expect(await none.response.json()).toEqual({ message: MESSAGES.server.notSignedIn, requestId: expect.any(String) });
    const bad = await SseStream.open(`${t.baseUrl}/api/events`, { headers: { Authorization: 'Bearer nonsense' } });
    expect(bad.status).toBe(401);
    expect(await bad.response.json()).toEqual({ message: MESSAGES.server.invalidToken, requestId: expect.any(String) });
  });

  it('opens an event stream (cookie or bearer): headers, a retry hint, ready, then heartbeats', async () => {
    const user = await makeLearner(t);
    const stream = await listen(user, { Authorization: '', Cookie: `token=${user.token}` });
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('cache-control')).toContain('no-cache');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.retry).toBe(3000);
    expect(stream.all('ready')).toEqual([{ heartbeatMs: 100 }]);
    await stream.until(() => stream.comments.filter((c) => c === 'heartbeat').length >= 3, 'three heartbeats', 5_000);
    expect(stream.ended).toBe(false);
    expect((await listen(user)).status).toBe(200);
  });

  it('pushes a notification to its owner only, with the unread count', async () => {
    const { cls, learners } = await makeClassWithLearners(t);
    const [author, replier] = learners as [TestUser, TestUser];
    const discussion = await makeDiscussion(t, author, cls, { title: 'Closures' });
    // One notification read and one unread first: the count is the unread ones, this one included.
    expect((await reply(t, replier, discussion._id, 'First.')).status).toBe(201);
    await t.http.post('/api/notifications/read').set(author.auth).send({ all: true }).expect(200);
    expect((await reply(t, replier, discussion._id, 'Second.')).status).toBe(201);
    const [mine, theirs] = [await listen(author), await listen(replier)];
    expect((await reply(t, replier, discussion._id, 'A closure keeps its scope.')).status).toBe(201);
    const message = await mine.waitForEvent('notification');
    expect(Number(message.id)).toBeGreaterThan(0);
    const data = notificationEventSchema.parse(JSON.parse(message.data));
    expect(data.notification).toMatchObject({
      kind: 'discussion_reply',
      message: `${replier.user.name} replied to your discussion “Closures”`,
      read: false,
    });
    expect(data.unreadCount).toBe(2);
    // The author's own reply tells nobody.
    expect((await reply(t, author, discussion._id, 'Thanks!')).status).toBe(201);
    await barrier([mine, theirs]);
    expect(mine.all('notification')).toHaveLength(1);
    expect(theirs.all('notification')).toEqual([]);
  });

  it('pushes the grouped notification of a like to the author of the post with the unread count; an unlike pushes none', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 3);
    const [author, ana, ben] = learners as [TestUser, TestUser, TestUser];
    const post = await makePost(t, author, { title: 'Gardens' });
    // One notification read and one unread first: the count is the unread ones, this one included.
    const discussion = await makeDiscussion(t, author, cls);
    expect((await reply(t, ana, discussion._id, 'Nice.')).status).toBe(201);
    await t.http.post('/api/notifications/read').set(author.auth).send({ all: true }).expect(200);
    expect((await reply(t, ben, discussion._id, 'Agreed.')).status).toBe(201);
    const mine = await listen(author);
    const like = (who: TestUser) => t.http.post(`/api/community/${post._id}/like`).set(who.auth);

    expect((await like(ana)).status).toBe(200);
    const first = notificationEventSchema.parse(JSON.parse((await mine.waitForEvent('notification')).data));
    expect(first.notification).toMatchObject({
      kind: 'post_like',
      message: `${ana.user.name} liked your post “Gardens”`,
      read: false,
    });
    expect(first.unreadCount).toBe(2);

    // Liked by a second person: the same notification, renewed. Unliked: nothing for the author.
    expect((await like(ben)).status).toBe(200);
    expect((await like(ana)).status).toBe(200);
    await barrier([mine]);
    const events = mine.all<NotificationEvent>('notification');
    expect(events.map((e) => [e.notification._id, e.notification.message, e.unreadCount])).toEqual([
      [first.notification._id, `${ana.user.name} liked your post “Gardens”`, 2],
      [first.notification._id, '2 people liked your post “Gardens”', 2],
    ]);
    // Their own like tells them nothing.
    expect((await like(author)).status).toBe(200);
    await barrier([mine]);
    expect(mine.all('notification')).toHaveLength(2);
  });

  it('counts unread notifications up to UNREAD_COUNT_MAX: in the list, after reading, and live', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 2);
    const [author, other] = learners as [TestUser, TestUser];
    const discussion = await makeDiscussion(t, author, cls);
    const post = await makePost(t, author);
    const unread = await t.ctx.db
      .insert(notifications)
      .values(
        Array.from({ length: UNREAD_COUNT_MAX + 1 }, (_, i) => ({
          userId: author.user.id,
          kind: 'enrolment' as const,
          actorName: 'Someone',
          subjectTitle: `Class ${i}`,
          link: '/classes',
        })),
      )
      .returning({ id: notifications.id });
    const list = await t.http.get('/api/notifications').set(author.auth).expect(200);
    expect(notificationListResponseSchema.parse(list.body).unreadCount).toBe(UNREAD_COUNT_MAX);
    // Two read: one fewer than the most it counts is left, counted exactly.
    const read = await t.http
      .post('/api/notifications/read')
      .set(author.auth)
      .send({ ids: unread.slice(0, 2).map((n) => n.id) })
      .expect(200);
    expect(read.body).toEqual({ unreadCount: UNREAD_COUNT_MAX - 1 });

    // A reply brings it to the most; a second reply and a like go past it and are counted as the most.
    const mine = await listen(author);
    expect((await reply(t, other, discussion._id, 'One.')).status).toBe(201);
    expect((await reply(t, other, discussion._id, 'Two.')).status).toBe(201);
    expect((await t.http.post(`/api/community/${post._id}/like`).set(other.auth)).status).toBe(200);
    await barrier([mine]);
    const counts = mine.all<NotificationEvent>('notification').map((e) => notificationEventSchema.parse(e).unreadCount);
    expect(counts).toEqual([UNREAD_COUNT_MAX, UNREAD_COUNT_MAX, UNREAD_COUNT_MAX]);
  });

  it('replays what a reconnecting client missed after Last-Event-ID, in order, then goes live', async () => {
    const { cls, learners } = await makeClassWithLearners(t);
    const [author, other] = learners as [TestUser, TestUser];
    const discussion = await makeDiscussion(t, author, cls);
    const myPost = await makePost(t, author);
    const first = await listen(author);
    await reply(t, other, discussion._id, 'first');
    await first.waitForEvent('notification');
    await first.waitForEvent('discussion.reply');
    // As a browser does: resume from the id of the last event received.
    const seen = first.messages.at(-1) as SseMessage;
    first.close();

    // Missed while away: a reply (notification + discussion.reply), a post, a like (like count + notification).
    await reply(t, other, discussion._id, 'second');
    const elsewhere = await makePost(t, other, { title: 'Posted while you were away' });
    await t.http.post(`/api/community/${myPost._id}/like`).set(other.auth);

    const back = await listen(author, { 'Last-Event-ID': String(seen.id) });
    const replayed = back.messages.slice(
      0,
      back.messages.findIndex((m) => m.event === 'ready'),
    );
    expect(replayed.map((m) => m.event)).toEqual([
      'notification',
      'discussion.reply',
      'community.post',
      'notification',
      'community.like',
    ]);
    const ids = replayed.map((m) => Number(m.id));
    expect(ids.every((id) => id > Number(seen.id))).toBe(true);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect((JSON.parse(replayed[1]?.data ?? '{}') as DiscussionReplyEvent).reply.content).toBe('second');
    expect((JSON.parse(replayed[2]?.data ?? '{}') as CommunityPostEvent).post._id).toBe(elsewhere._id);
    expect((JSON.parse(replayed[3]?.data ?? '{}') as NotificationEvent).notification.kind).toBe('post_like');
    expect(back.all('resync')).toEqual([]);

    // Then live; and ?lastEventId= does the same for a page that opens a new EventSource.
    await reply(t, other, discussion._id, 'third');
    await back.waitFor((m) => m.event === 'discussion.reply' && m.data.includes('third'), 'the live reply');
    const again = await openReadyStream(`${t.baseUrl}/api/events?lastEventId=${seen.id}`, { headers: author.auth });
    opened.push(again);
    expect(again.all<DiscussionReplyEvent>('discussion.reply').map((e) => e.reply.content)).toEqual([
      'second',
      'third',
    ]);
  });

  it('says resync when the client missed more than the process keeps; notifications still replay', async () => {
    const small = await startTestServer({ env: { EVENTS_HEARTBEAT_MS: '1000', EVENTS_REPLAY_SIZE: '2' } });
    try {
      const user = await makeLearner(small);
      const stream = await listen(user, {}, small);
      const fan = await makeLearner(small);
      const mine = await makePost(small, user);
      await stream.waitForEvent('community.post');
      const from = stream.messages.at(-1)?.id;
      await small.http.post(`/api/community/${mine._id}/like`).set(fan.auth);
      for (let i = 0; i < 3; i++) await makePost(small, fan);
      stream.close();

      const late = await listen(user, { 'Last-Event-ID': String(from) }, small);
      expect(late.all('resync')).toEqual([{ reason: 'gap' }]);
      expect(late.all<NotificationEvent>('notification').map((e) => e.notification.kind)).toEqual(['post_like']);
      expect(late.all('community.post')).toHaveLength(2);

      const recent = late.messages.filter((m) => m.event === 'community.post')[0]?.id;
      const fine = await listen(user, { 'Last-Event-ID': String(Number(recent) - 1) }, small);
      expect(fine.all('resync')).toEqual([]);
      expect(fine.all('community.post')).toHaveLength(2);
    } finally {
      for (const s of opened.splice(0)) s.close();
      await small.close();
    }
  });

  it("sends a discussion's replies only to members of its class (enrolled, mentor, admin)", async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t);
    const [learner, replier] = learners as [TestUser, TestUser];
    const admin = await makeAdmin(t);
    const outsider = await makeLearner(t);
    const discussion = await makeDiscussion(t, learner, cls);
    const members = [await listen(learner), await listen(mentor), await listen(admin)];
    const outside = await listen(outsider);
    const res = await reply(t, replier, discussion._id, 'Members only, please.');
    for (const s of members) {
      const event = JSON.parse((await s.waitForEvent('discussion.reply')).data) as DiscussionReplyEvent;
      expect(event).toMatchObject({ discussionId: discussion._id, classId: cls.id, replyCount: 1 });
      expect(event.reply).toEqual(res.body.replies[0]);
      expect(event.reply.author).toEqual({
        _id: replier.user.id,
        name: replier.user.name,
        profilePicture: replier.user.profilePicture,
      });
    }
    await barrier([...members, outside]);
    expect(outside.all('discussion.reply')).toEqual([]);
  });

  it('sends new community posts and like counts to everyone signed in, never an email', async () => {
    const [a, b] = [await makeLearner(t), await makeLearner(t)];
    const streams = [await listen(a), await listen(b)];
    const created = await t.http
      .post('/api/community')
      .set(a.auth)
      .send({ title: 'Live feed', content: 'Does this show up?', category: 'question' });
    for (const s of streams) {
      await s.waitFor((m) => m.event === 'community.post' && m.data.includes(created.body._id), 'the post');
    }
    const post = streams[1]?.all<CommunityPostEvent>('community.post').find((e) => e.post._id === created.body._id);
    expect(post?.post).toEqual(created.body);
    await t.http.post(`/api/community/${created.body._id}/like`).set(b.auth);
    await t.http.post(`/api/community/${created.body._id}/like`).set(b.auth);
    for (const s of streams) {
      await s.until(
        () => s.all<CommunityLikeEvent>('community.like').filter((e) => e.postId === created.body._id).length === 2,
        'two like events',
      );
      const likes = s.all<CommunityLikeEvent>('community.like').filter((e) => e.postId === created.body._id);
      expect(likes).toEqual([
        { postId: created.body._id, likes: [b.user.id], likeCount: 1 },
        { postId: created.body._id, likes: [], likeCount: 0 },
      ]);
      expect(s.raw).not.toMatch(/@example\.test/);
    }
  });

  it("tells the owner's other tabs the unread count after reading", async () => {
    const { mentor, cls } = await makeClassWithLearners(t, 0);
    const tabs = [await listen(mentor), await listen(mentor)];
    await t.http.post(`/api/classes/${cls.id}/enroll`).set((await makeLearner(t)).auth);
    for (const tab of tabs) await tab.waitForEvent('notification');
    await t.http.post('/api/notifications/read').set(mentor.auth).send({ all: true });
    for (const tab of tabs)
      expect(JSON.parse((await tab.waitForEvent('notification.read')).data)).toEqual({ unreadCount: 0 });
  });

  it('limits the streams one user may hold open (429 with Retry-After)', async () => {
    const user = await makeLearner(t);
    const three = [await listen(user), await listen(user), await listen(user)];
    const fourth = await SseStream.open(`${t.baseUrl}/api/events`, { headers: user.auth });
    expect(fourth.status).toBe(429);
    expect(fourth.response.headers.get('retry-after')).toBe('30');
    expect(await fourth.response.json()).toEqual({
      message: MESSAGES.server.tooManyStreams,
      requestId: expect.any(String),
    });
    three[0]?.close();
    await three[1]?.until(() => t.ctx.events.streamCount < 3 + opened.length - 3, 'the server to see it close', 5_000);
    let reopened: SseStream | undefined;
    for (let i = 0; i < 20 && reopened?.status !== 200; i++) {
      reopened = await SseStream.open(`${t.baseUrl}/api/events`, { headers: user.auth });
      if (reopened.status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    if (reopened) opened.push(reopened);
    expect(reopened?.status).toBe(200);
  });

  it('ends a stream when its session ends (logout), and every stream on shutdown', async () => {
    const user = await makeLearner(t);
    const stream = await listen(user);
    expect((await t.http.post('/api/auth/logout').set(user.auth)).status).toBe(200);
    await stream.until(() => stream.ended, 'the stream to end', 5_000);

    const other = await makeLearner(t);
    const streams = [await listen(other), await listen(await makeLearner(t))];
    t.ctx.events.closeAllStreams();
    for (const s of streams) await s.until(() => s.ended, 'the stream to end on shutdown', 5_000);
    expect(t.ctx.events.streamCount).toBe(0);
  });
});
