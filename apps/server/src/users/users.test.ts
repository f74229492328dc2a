import { MESSAGES } from '@mentora/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../test/expectations.js';
import {
  enrol,
  makeAdmin,
  makeBoth,
  makeClass,
  makeLearner,
  makeMentor,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  classes,
  communityPosts,
  communityReplies,
  discussionReplies,
  discussions,
  enrolments,
  postLikes,
  reviews,
  sessions,
  users,
} from '../db/schema.js';

let t: TestServer;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

const noHash = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/passwordHash|\$2[aby]\$/);

describe('POST /api/users/request-verification', () => {
  it('marks an unverified mentor (or both) as pending with a date', async () => {
    for (const make of [makeMentor, makeBoth]) {
      const mentor = await make(t);
      const res = await t.http.post('/api/users/request-verification').set(mentor.auth);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(MESSAGES.dashboard.verificationSent);
      const profile = await t.http.get('/api/auth/profile').set(mentor.auth);
      expect(profile.body.verificationRequested).toBe(true);
      expect(Date.parse(profile.body.verificationRequestDate)).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it('answers 400 for a verified mentor, 403 for learners and admins, 401 signed out', async () => {
    expect((await t.http.post('/api/users/request-verification').set((await makeVerifiedMentor(t)).auth)).status).toBe(
      400,
    );
    const learner = await makeLearner(t);
    expect((await t.http.post('/api/users/request-verification').set(learner.auth)).status).toBe(403);
    expect((await t.http.post('/api/users/request-verification').set(admin.auth)).status).toBe(403);
    expect((await t.http.post('/api/users/request-verification')).status).toBe(401);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, learner.user.id));
    expect(row?.verificationRequested).toBe(false);
  });
});

describe('GET /api/users/mentors and /api/users/learners', () => {
  it('lists mentors (mentor, both) and learners (learner, both) for admins only, without hashes', async () => {
    const mentor = await makeMentor(t);
    const learner = await makeLearner(t);
    const both = await makeBoth(t);
    const mentors = await t.http.get('/api/users/mentors').set(admin.auth);
    const learners = await t.http.get('/api/users/learners').set(admin.auth);
    expect(mentors.status).toBe(200);
    const mentorIds = mentors.body.map((u: { _id: string }) => u._id);
    const learnerIds = learners.body.map((u: { _id: string }) => u._id);
    expect(mentorIds).toEqual(expect.arrayContaining([mentor.user.id, both.user.id]));
    expect(mentorIds).not.toContain(learner.user.id);
    expect(learnerIds).toEqual(expect.arrayContaining([learner.user.id, both.user.id]));
    expect(learnerIds).not.toContain(mentor.user.id);
    expect(mentorIds).not.toContain(admin.user.id);
    expect(mentors.body[0]).toHaveProperty('username');
    noHash(mentors.body);
    noHash(learners.body);
  });

  it('answers 403 to non-admins and 401 signed out', async () => {
    for (const who of [await makeLearner(t), await makeVerifiedMentor(t), await makeBoth(t)]) {
      expect((await t.http.get('/api/users/mentors').set(who.auth)).status).toBe(403);
      expect((await t.http.get('/api/users/learners').set(who.auth)).status).toBe(403);
    }
    expect((await t.http.get('/api/users/mentors')).status).toBe(401);
  });
});

describe('GET /api/users/admins', () => {
  const adminIds = async () =>
    (await t.http.get('/api/users/admins').set(admin.auth)).body.map((u: { _id: string }) => u._id);

  it('lists every admin, newest first, and no one else, without hashes', async () => {
    const learner = await makeLearner(t);
    const both = await makeBoth(t);
    const mentor = await makeVerifiedMentor(t);
    const newer = await makeAdmin(t);
    const res = await t.http.get('/api/users/admins').set(admin.auth);
    expect(res.status).toBe(200);
    const ids = res.body.map((u: { _id: string }) => u._id);
    expect(ids).toEqual(expect.arrayContaining([admin.user.id, newer.user.id]));
    expect(ids.indexOf(newer.user.id)).toBeLessThan(ids.indexOf(admin.user.id));
    for (const other of [learner, both, mentor]) expect(ids).not.toContain(other.user.id);
    expect(res.body.every((u: { role: string }) => u.role === 'admin')).toBe(true);
    expect(res.body[0]).toHaveProperty('username');
    noHash(res.body);
  });

  it('follows role changes: a promoted learner joins the list, and leaves it when demoted', async () => {
    const learner = await makeLearner(t);
    const setRole = (role: string) =>
      t.http.put(`/api/admin/users/${learner.user.id}/role`).set(admin.auth).send({ role });
    expect(await adminIds()).not.toContain(learner.user.id);
    expect((await setRole('admin')).status).toBe(200);
    expect(await adminIds()).toContain(learner.user.id);
    expect((await setRole('learner')).status).toBe(200);
    expect(await adminIds()).not.toContain(learner.user.id);
  });

  it('answers 403 to non-admins and 401 signed out', async () => {
    for (const who of [await makeLearner(t), await makeVerifiedMentor(t), await makeBoth(t)]) {
      const res = await t.http.get('/api/users/admins').set(who.auth);
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain(admin.user.email);
    }
    expect((await t.http.get('/api/users/admins')).status).toBe(401);
  });
});

describe('PUT /api/admin/verify-mentor/{id}', () => {
  it('verifies a mentor', async () => {
    const mentor = await makeMentor(t);
    const res = await t.http.put(`/api/admin/verify-mentor/${mentor.user.id}`).set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: mentor.user.id, verified: true });
    noHash(res.body);
    expect((await t.http.get('/api/auth/profile').set(mentor.auth)).body.verified).toBe(true);
  });

  it('answers 404 for a learner, an unknown or a malformed id; 403 for non-admins', async () => {
    const learner = await makeLearner(t);
    expect((await t.http.put(`/api/admin/verify-mentor/${learner.user.id}`).set(admin.auth)).status).toBe(404);
    expect(
      (await t.http.put('/api/admin/verify-mentor/00000000-0000-4000-8000-000000000000').set(admin.auth)).status,
    ).toBe(404);
    expect((await t.http.put('/api/admin/verify-mentor/not-an-id').set(admin.auth)).status).toBe(404);
    const mentor = await makeMentor(t);
    expect((await t.http.put(`/api/admin/verify-mentor/${mentor.user.id}`).set(mentor.auth)).status).toBe(403);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, mentor.user.id));
    expect(row?.verified).toBe(false);
  });
});

describe('DELETE /api/users/mentor/{id} and /api/users/learner/{id}', () => {
  /** A mentor who owns a class with an enrolled learner, a discussion, replies, reviews, posts and likes. */
  async function mentorWithEverything() {
    const mentor = await makeVerifiedMentor(t);
    const learner = await makeLearner(t);
    const cls = await makeClass(t, mentor);
    await enrol(t, cls, learner);
    const [d] = await t.ctx.db
      .insert(discussions)
      .values({ classId: cls.id, authorId: learner.user.id, title: 'Q', content: 'Question?' })
      .returning();
    await t.ctx.db
      .insert(discussionReplies)
      .values({ discussionId: d?.id as string, authorId: mentor.user.id, content: 'A' });
    await t.ctx.db.insert(reviews).values({ classId: cls.id, userId: learner.user.id, rating: 5 });
    const [p] = await t.ctx.db
      .insert(communityPosts)
      .values({ authorId: mentor.user.id, title: 'Hi', content: 'Hello' })
      .returning();
    await t.ctx.db
      .insert(communityReplies)
      .values({ postId: p?.id as string, authorId: learner.user.id, content: 'Hey' });
    await t.ctx.db.insert(postLikes).values({ postId: p?.id as string, userId: learner.user.id });
    return { mentor, learner, cls };
  }

  it('removes a mentor and everything they own, leaving no orphans, and ends their sessions', async () => {
    const { mentor, learner, cls } = await mentorWithEverything();
    const res = await t.http.delete(`/api/users/mentor/${mentor.user.id}`).set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Mentor deleted successfully');
    expect(await countRows(t, users, sql`id = ${mentor.user.id}`)).toBe(0);
    expect(await countRows(t, sessions, sql`user_id = ${mentor.user.id}`)).toBe(0);
    expect(await countRows(t, enrolments, sql`class_id = ${cls.id}`)).toBe(0);
    expect(await countRows(t, discussions, sql`class_id = ${cls.id}`)).toBe(0);
    expect(await countRows(t, reviews, sql`class_id = ${cls.id}`)).toBe(0);
    expect(await countRows(t, communityPosts, sql`author_id = ${mentor.user.id}`)).toBe(0);
    // Nothing anywhere points at a missing row.
    expect(
      await countRows(
        t,
        discussionReplies,
        sql`discussion_id not in (select id from discussions) or author_id not in (select id from users)`,
      ),
    ).toBe(0);
    expect(
      await countRows(
        t,
        communityReplies,
        sql`post_id not in (select id from community_posts) or author_id not in (select id from users)`,
      ),
    ).toBe(0);
    expect(await countRows(t, postLikes, sql`post_id not in (select id from community_posts)`)).toBe(0);
    expect((await t.http.get('/api/auth/profile').set(mentor.auth)).status).toBe(401);
    // The learner keeps their account.
    expect((await t.http.get('/api/auth/profile').set(learner.auth)).status).toBe(200);
  });

  it('removes a learner with their enrolments, reviews, replies and likes', async () => {
    const { mentor, learner, cls } = await mentorWithEverything();
    const res = await t.http.delete(`/api/users/learner/${learner.user.id}`).set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Learner deleted successfully');
    expect(await countRows(t, enrolments, sql`user_id = ${learner.user.id}`)).toBe(0);
    expect(await countRows(t, reviews, sql`user_id = ${learner.user.id}`)).toBe(0);
    expect(await countRows(t, communityReplies, sql`author_id = ${learner.user.id}`)).toBe(0);
    expect(await countRows(t, postLikes, sql`user_id = ${learner.user.id}`)).toBe(0);
    expect(await countRows(t, discussions, sql`author_id = ${learner.user.id}`)).toBe(0);
    // The mentor's class survives the learner.
    expect(await countRows(t, users, sql`id = ${mentor.user.id}`)).toBe(1);
    expect(await countRows(t, classes, sql`id = ${cls.id}`)).toBe(1);
  });

  it('answers 404 for the wrong role, unknown and malformed ids; 403 for non-admins; 401 signed out', async () => {
    const learner = await makeLearner(t);
    const mentor = await makeMentor(t);
    expect((await t.http.delete(`/api/users/mentor/${learner.user.id}`).set(admin.auth)).status).toBe(404);
    expect((await t.http.delete(`/api/users/learner/${mentor.user.id}`).set(admin.auth)).status).toBe(404);
    expect((await t.http.delete(`/api/users/learner/${admin.user.id}`).set(admin.auth)).status).toBe(404);
    expect(
      (await t.http.delete('/api/users/learner/00000000-0000-4000-8000-000000000000').set(admin.auth)).status,
    ).toBe(404);
    expect((await t.http.delete('/api/users/learner/%27%3B%20drop%20table%20users').set(admin.auth)).status).toBe(404);
    expect((await t.http.delete(`/api/users/learner/${learner.user.id}`).set(mentor.auth)).status).toBe(403);
    expect((await t.http.delete(`/api/users/learner/${learner.user.id}`)).status).toBe(401);
    expect(await countRows(t, users, sql`id in (${learner.user.id}, ${mentor.user.id})`)).toBe(2);
  });

  it('lets a "both" account be deleted from either list', async () => {
    const both = await makeBoth(t);
    expect((await t.http.delete(`/api/users/learner/${both.user.id}`).set(admin.auth)).status).toBe(200);
  });
});
