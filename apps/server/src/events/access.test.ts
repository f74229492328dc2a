import type { CommunityPostEvent, DiscussionReplyEvent } from '@mentora/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAdmin,
  makeClassWithLearners,
  makeDiscussion,
  makeLearner,
  makePost,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer, usingPostgres } from '../../test/harness.js';
import { openReadyStream, type SseMessage, type SseStream } from '../../test/sse.js';
import { authChanged } from '../auth/authChanges.js';
import { startSession } from '../auth/sessions.js';
import { verifyToken } from '../auth/tokens.js';
import { CHANGE_LISTENER_NAME } from '../db/changeListener.js';
import { sessions, users } from '../db/schema.js';
import { nextEventId } from './queries.js';

// An open event stream keeps up with its user's access: a change ends or re-scopes it at once. The
// heartbeat (which also checks the session) is set far beyond every wait here, so it explains nothing.
// Each test posts a reply after the change and then a community post everyone hears: once the post has
// arrived, the reply had been decided, and a stream that did not get it before the post never will.

let t: TestServer;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestServer({ env: { EVENTS_HEARTBEAT_MS: '300000' } });
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

const opened: SseStream[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

async function listen(token: string) {
  const stream = await openReadyStream(`${t.baseUrl}/api/events`, { headers: { Authorization: `Bearer ${token}` } });
  opened.push(stream);
  return stream;
}

const isReply = (content: string) => (m: SseMessage) =>
  m.event === 'discussion.reply' && (JSON.parse(m.data) as DiscussionReplyEvent).reply.content === content;

/** A reply in the class, then a post: `observer` gets both; returns once it has the post. */
async function replyThenFence(replier: TestUser, discussionId: string, content: string, observer: SseStream) {
  const res = await t.http.post(`/api/discussions/${discussionId}/replies`).set(replier.auth).send({ content });
  expect(res.status).toBe(201);
  const post = await makePost(t, await makeLearner(t), { title: `after ${content}` });
  await observer.waitFor(isReply(content), `the reply “${content}” on the observer`);
  const fence = (m: SseMessage) =>
    m.event === 'community.post' && (JSON.parse(m.data) as CommunityPostEvent).post._id === post._id;
  await observer.waitFor(fence, 'the post after it on the observer');
  return fence;
}

/** A class with a discussion, a learner watching it (the observer) and a second enrolled learner. */
async function watchedClass() {
  const { mentor, cls, learners } = await makeClassWithLearners(t);
  const [observer, learner] = learners as [TestUser, TestUser];
  const discussion = await makeDiscussion(t, observer, cls);
  return { mentor, cls, learner, discussion, observerStream: await listen(observer.token) };
}

describe('an open event stream when access changes', () => {
  it('a demoted admin stops getting the replies of classes they are not in', async () => {
    const { mentor, discussion, observerStream } = await watchedClass();
    const other = await makeAdmin(t);
    const stream = await listen(other.token);
    await replyThenFence(mentor, discussion._id, 'while admin', observerStream);
    await stream.waitFor(isReply('while admin'), 'the reply while an admin');

    const demoted = await t.http
      .put(`/api/admin/users/${other.user.id}/role`)
      .set(admin.auth)
      .send({ role: 'learner' });
    expect(demoted.status).toBe(200);
    const fence = await replyThenFence(mentor, discussion._id, 'after demotion', observerStream);
    await stream.waitFor(fence, 'the post after the demotion');
    expect(stream.messages.some(isReply('after demotion'))).toBe(false);
    expect(stream.ended).toBe(false);
  });

  it('a signed-out session’s stream ends before the next event', async () => {
    const { mentor, learner, discussion, observerStream } = await watchedClass();
    const stream = await listen(learner.token);
    expect((await t.http.post('/api/auth/logout').set(learner.auth)).status).toBe(200);
    await replyThenFence(mentor, discussion._id, 'after logout', observerStream);
    await stream.until(() => stream.ended, 'the stream to end');
    expect(stream.messages.some(isReply('after logout'))).toBe(false);
  });

  it('a password change ends the streams of the other sessions, and keeps the one that changed it', async () => {
    const { mentor, learner, discussion, observerStream } = await watchedClass();
    const elsewhere = await listen(await startSession(t.ctx.db, t.ctx.config.jwtSecret, learner.user.id));
    const here = await listen(learner.token);
    const changed = await t.http
      .put('/api/auth/password')
      .set(learner.auth)
      .send({ currentPassword: learner.password, newPassword: 'a brand new password' });
    expect(changed.status).toBe(200);
    const fence = await replyThenFence(mentor, discussion._id, 'after the new password', observerStream);
    await here.waitFor(fence, 'the post on the session that changed it');
    expect(here.messages.some(isReply('after the new password'))).toBe(true);
    await elsewhere.until(() => elsewhere.ended, 'the other session’s stream to end');
    expect(elsewhere.messages.some(isReply('after the new password'))).toBe(false);
  });

  it('a deleted account’s stream ends before the next event', async () => {
    const { mentor, learner, discussion, observerStream } = await watchedClass();
    const stream = await listen(learner.token);
    const deleted = await t.http.delete(`/api/users/learner/${learner.user.id}`).set(admin.auth);
    expect(deleted.status).toBe(200);
    await replyThenFence(mentor, discussion._id, 'after deletion', observerStream);
    await stream.until(() => stream.ended, 'the stream to end');
    expect(stream.messages.some(isReply('after deletion'))).toBe(false);
  });

  it('an unenrolled learner stops getting the class’s replies at once (its membership is not remembered)', async () => {
    const { mentor, cls, learner, discussion, observerStream } = await watchedClass();
    const stream = await listen(learner.token);
    await replyThenFence(mentor, discussion._id, 'while enrolled', observerStream);
    await stream.waitFor(isReply('while enrolled'), 'the reply while enrolled');

    expect((await t.http.post(`/api/classes/${cls.id}/unenroll`).set(learner.auth)).status).toBe(200);
    const fence = await replyThenFence(mentor, discussion._id, 'after unenrolling', observerStream);
    await stream.waitFor(fence, 'the post after unenrolling');
    expect(stream.messages.some(isReply('after unenrolling'))).toBe(false);
  });

  it('a learner removed from the roster stops getting the class’s replies at once, as one who left does', async () => {
    const { mentor, cls, learner, discussion, observerStream } = await watchedClass();
    const stream = await listen(learner.token);
    await replyThenFence(mentor, discussion._id, 'before removal', observerStream);
    await stream.waitFor(isReply('before removal'), 'the reply before removal');

    expect((await t.http.delete(`/api/classes/${cls.id}/roster/${learner.user.id}`).set(mentor.auth)).status).toBe(200);
    const fence = await replyThenFence(mentor, discussion._id, 'after removal', observerStream);
    await stream.waitFor(fence, 'the post after removal');
    expect(stream.messages.some(isReply('after removal'))).toBe(false);
  });

  it('a session ended outside the server (SQL, a command-line tool) ends its stream', async () => {
    const learner = await makeLearner(t);
    const stream = await listen(learner.token);
    const sessionId = verifyToken(t.ctx.config.jwtSecret, learner.token)?.sessionId ?? '';
    await t.ctx.db.delete(sessions).where(eq(sessions.id, sessionId));
    await stream.until(() => stream.ended, 'the stream to end', 5_000);
  });

  it.runIf(usingPostgres())('reads every stream again once it hears changes again after an outage', async () => {
    const learner = await makeLearner(t);
    const stream = await listen(learner.token);
    await t.ctx.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${CHANGE_LISTENER_NAME}`,
    );
    await stream.until(() => !t.ctx.sessionCache.isListening, 'the listener to notice it is down');
    // Nobody hears this one: it is found when listening resumes (a second later).
    const sessionId = verifyToken(t.ctx.config.jwtSecret, learner.token)?.sessionId ?? '';
    await t.ctx.db.delete(sessions).where(eq(sessions.id, sessionId));
    await stream.until(() => stream.ended, 'the stream to end', 10_000);
  });
});

describe('events already on their way when access changes', () => {
  let deaf: TestServer;
  beforeAll(async () => {
    // Deaf to the database's notices: only the direct call below tells the streams.
    deaf = await startTestServer({ env: { EVENTS_HEARTBEAT_MS: '300000' }, hearChanges: false });
  });
  afterAll(() => deaf.close());

  it('are decided with the new access, not the one the stream had when they were queued', async () => {
    const { cls } = await makeClassWithLearners(deaf, 1);
    const other = await makeAdmin(deaf);
    const stream = await openReadyStream(`${deaf.baseUrl}/api/events`, { headers: other.auth });
    opened.push(stream);
    await deaf.ctx.db.update(users).set({ role: 'learner' }).where(eq(users.id, other.user.id));
    const id = await nextEventId(deaf.ctx.db);
    const data = { discussionId: 'queued', classId: cls.id } as unknown as DiscussionReplyEvent;
    // Queued in the stream first, the change told right after, in the same tick.
    void deaf.ctx.events.publishWithId(id, { name: 'discussion.reply', data }, { classId: cls.id });
    authChanged(deaf.ctx, { kind: 'user', id: other.user.id });
    await makePost(deaf, await makeLearner(deaf), { title: 'after the queued reply' });
    await stream.waitForEvent('community.post');
    expect(stream.all('discussion.reply')).toEqual([]);
  });
});
