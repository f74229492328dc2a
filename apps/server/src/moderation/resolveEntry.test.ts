import { MESSAGES, type ModerationEntry, moderationQueueResponseSchema } from '@mentora/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAdmin,
  makeClassWithLearners,
  makeDiscussion,
  makeDiscussionReply,
  makeLearner,
  makePost,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { auditLog, communityPosts, notifications } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { resolveEntry } from './resolveEntry.js';

// The entry resolver (resolveEntry.ts), called as a command and through its route: one decision per
// entry, written whole with its audit entry and who is told (notifications/raise.ts
// notifyModerationOutcome), or not at all. moderation.test.ts "resolving" covers what each action does
// to the content.

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let t: TestServer;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

const report = (who: TestUser, targetType: string, targetId: string) =>
  t.http.post('/api/reports').set(who.auth).send({ targetType, targetId, reason: 'spam' }).expect(201);

async function entryFor(targetId: string): Promise<ModerationEntry> {
  const res = await t.http.get('/api/moderation/queue?status=open&limit=100').set(admin.auth).expect(200);
  const entry = moderationQueueResponseSchema.parse(res.body).items.find((item) => item.targetId === targetId);
  if (!entry) throw new Error(`no open entry for ${targetId}`);
  return entry;
}

const resolveRoute = (entryId: string, body: Record<string, unknown>, who: TestUser = admin) =>
  t.http.post(`/api/moderation/queue/${entryId}/resolve`).set(who.auth).send(body);

/** The moderation notices each of `who` has, as [kind, subject, outcome, link]. */
async function noticesOf(...who: TestUser[]) {
  const rows = await t.ctx.db
    .select()
    .from(notifications)
    .where(
      and(
        inArray(
          notifications.userId,
          who.map((w) => w.user.id),
        ),
        inArray(notifications.kind, ['report_resolved', 'content_moderated']),
      ),
    );
  return rows.map((n) => [n.userId, n.kind, n.subjectTitle, n.contextTitle, n.link]);
}

describe('resolveEntry, the command', () => {
  it('decides an open entry and answers it as the queue shows it', async () => {
    const author = await makeLearner(t);
    const reporter = await makeLearner(t);
    const post = await makePost(t, author, { title: 'Buy my course' });
    await report(reporter, 'post', post._id);
    const open = await entryFor(post._id);
    const resolved = await resolveEntry(t.ctx, admin.user, open._id, { action: 'hide', reason: 'Advertising' });
    expect(resolved).toMatchObject({
      _id: open._id,
      status: 'resolved',
      hidden: true,
      resolution: { action: 'hide', reason: 'Advertising', by: { _id: admin.user.id } },
    });
    expect(resolved.reports).toHaveLength(1);
  });

  it('refuses anyone but an admin (403), an unknown entry (404), a decided one (409)', async () => {
    const author = await makeLearner(t);
    const reporter = await makeLearner(t);
    const post = await makePost(t, author);
    await report(reporter, 'post', post._id);
    const open = await entryFor(post._id);
    const statusOf = (promise: Promise<unknown>) =>
      promise.then(
        () => 200,
        (error: unknown) => (error instanceof HttpError ? error.status : 0),
      );
    expect(await statusOf(resolveEntry(t.ctx, reporter.user, open._id, { action: 'delete', reason: '' }))).toBe(403);
    expect(await statusOf(resolveEntry(t.ctx, admin.user, UNKNOWN_ID, { action: 'delete', reason: '' }))).toBe(404);
    expect(await statusOf(resolveEntry(t.ctx, admin.user, open._id, { action: 'dismiss', reason: '' }))).toBe(200);
    expect(await statusOf(resolveEntry(t.ctx, admin.user, open._id, { action: 'delete', reason: '' }))).toBe(409);
    // The route answers the same, and a malformed id is an unknown entry.
    expect((await resolveRoute(open._id, { action: 'hide' }, reporter)).status).toBe(403);
    const unknown = await resolveRoute(UNKNOWN_ID, { action: 'hide' });
    expect([unknown.status, unknown.body.message]).toEqual([404, MESSAGES.moderation.entryNotFound]);
    expect((await resolveRoute('not-an-id', { action: 'hide' })).status).toBe(404);
  });

  it('two admins deciding at once: one decision, one audit entry, one set of notices', async () => {
    const secondAdmin = await makeAdmin(t);
    const author = await makeLearner(t);
    const reporter = await makeLearner(t);
    const post = await makePost(t, author, { title: 'Twice decided' });
    await report(reporter, 'post', post._id);
    const open = await entryFor(post._id);
    const answers = await Promise.all([
      resolveRoute(open._id, { action: 'hide', reason: 'First' }),
      resolveRoute(open._id, { action: 'delete', reason: 'Second' }, secondAdmin),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, post._id));
    expect(audit).toHaveLength(1);
    expect(await noticesOf(author, reporter)).toHaveLength(2);
  });
});

describe('who is told of a decision', () => {
  it('each reporter once and the author, never the moderator; the link is the item while it stays', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 2);
    const [author, reporter] = learners as [TestUser, TestUser];
    const discussion = await makeDiscussion(t, author, cls, { title: 'Study plan' });
    const withReply = await makeDiscussionReply(t, author, discussion, 'Copy my homework');
    const replyId = String(withReply.replies[0]?._id);
    await report(reporter, 'reply', replyId);
    // An admin may report what they then decide: they are still not told of their own decision.
    await report(admin, 'reply', replyId);
    const entry = await entryFor(replyId);
    expect((await resolveRoute(entry._id, { action: 'hide' })).status).toBe(200);
    const hide = MESSAGES.moderation.outcome.hide;
    expect(await noticesOf(author, reporter, admin)).toEqual(
      expect.arrayContaining([
        [reporter.user.id, 'report_resolved', 'Reply', hide, `/discussions/${discussion._id}`],
        [author.user.id, 'content_moderated', 'Copy my homework', hide, `/discussions/${discussion._id}`],
      ]),
    );
    expect(await noticesOf(author, reporter, admin)).toHaveLength(2);
  });

  it('a deleted item and a profile point to the dashboard; a dismissed item is quoted to its reporters', async () => {
    const author = await makeLearner(t);
    const reporter = await makeLearner(t);
    const kept = await makePost(t, author, { title: 'Fine after all' });
    const gone = await makePost(t, author, { title: 'Not fine' });
    await report(reporter, 'post', kept._id);
    await report(reporter, 'post', gone._id);
    await report(reporter, 'user', author.user.id);
    await resolveRoute((await entryFor(kept._id))._id, { action: 'dismiss' }).expect(200);
    await resolveRoute((await entryFor(gone._id))._id, { action: 'delete' }).expect(200);
    await resolveRoute((await entryFor(author.user.id))._id, { action: 'dismiss' }).expect(200);
    const { outcome } = MESSAGES.moderation;
    expect(await noticesOf(reporter)).toEqual(
      expect.arrayContaining([
        [reporter.user.id, 'report_resolved', 'Fine after all', outcome.dismiss, `/community#post-${kept._id}`],
        [reporter.user.id, 'report_resolved', 'Community post', outcome.delete, '/dashboard'],
        [reporter.user.id, 'report_resolved', author.user.name, outcome.dismiss, '/dashboard'],
      ]),
    );
  });

  it('an item its author deleted before the decision is named by its kind', async () => {
    const author = await makeLearner(t);
    const reporter = await makeLearner(t);
    const post = await makePost(t, author, { title: 'Soon gone' });
    await report(reporter, 'post', post._id);
    const entry = await entryFor(post._id);
    await t.ctx.db.delete(communityPosts).where(eq(communityPosts.id, post._id));
    expect((await resolveRoute(entry._id, { action: 'dismiss' })).status).toBe(200);
    expect(await noticesOf(reporter)).toEqual([
      [reporter.user.id, 'report_resolved', 'post', MESSAGES.moderation.outcome.dismiss, '/dashboard'],
    ]);
  });

  it('nothing, when the decision is refused: a sanction of an admin author leaves no notice and no audit entry', async () => {
    const adminAuthor = await makeAdmin(t);
    const reporter = await makeLearner(t);
    const post = await makePost(t, adminAuthor);
    await report(reporter, 'post', post._id);
    const entry = await entryFor(post._id);
    const res = await resolveRoute(entry._id, { action: 'hide', sanction: { kind: 'warn', message: 'No' } });
    expect(res.status).toBe(403);
    expect(await noticesOf(adminAuthor, reporter)).toEqual([]);
    expect(await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, post._id))).toEqual([]);
    expect((await entryFor(post._id)).status).toBe('open');
  });
});
