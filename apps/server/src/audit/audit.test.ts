import { type AuditEntry, auditLogResponseSchema, MESSAGES, type Role } from '@mentora/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, UNKNOWN_ID } from '../../test/expectations.js';
import {
  enrol,
  makeAdmin,
  makeBoth,
  makeClass,
  makeDiscussion,
  makeLearner,
  makeMentor,
  makePost,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { auditLog, classes, users } from '../db/schema.js';

let t: TestServer;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await makeAdmin(t, { name: 'Ada Admin' });
});
afterAll(() => t.close());

/** Every entry about one target, newest first, read through the API. */
async function entriesAbout(targetId: string): Promise<AuditEntry[]> {
  const res = await t.http.get('/api/admin/audit-log?limit=100').set(admin.auth);
  expect(res.status).toBe(200);
  return auditLogResponseSchema.parse(res.body).entries.filter((entry) => entry.target._id === targetId);
}
const entryCount = () => countRows(t, auditLog, sql`true`);
const setRole = (who: TestUser, id: string, role: unknown) =>
  t.http.put(`/api/admin/users/${id}/role`).set(who.auth).send({ role });

describe('what admins do is recorded with who, when and what', () => {
  it('verifying a mentor, once (verifying again changes nothing and records nothing)', async () => {
    const mentor = await makeMentor(t, { name: 'Vera Mentor' });
    const before = Date.now();
    expect((await t.http.put(`/api/admin/verify-mentor/${mentor.user.id}`).set(admin.auth)).status).toBe(200);
    const [entry] = await entriesAbout(mentor.user.id);
    expect(entry).toMatchObject({
      action: 'mentor_verified',
      actor: { _id: admin.user.id, name: 'Ada Admin' },
      target: { type: 'user', _id: mentor.user.id, name: 'Vera Mentor' },
    });
    expect(Date.parse(entry?.createdAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect((await t.http.put(`/api/admin/verify-mentor/${mentor.user.id}`).set(admin.auth)).status).toBe(200);
    expect(await entriesAbout(mentor.user.id)).toHaveLength(1);
  });

  it('deleting a mentor or a learner: the entry outlives the account', async () => {
    const mentor = await makeVerifiedMentor(t, { name: 'Gone Mentor' });
    const learner = await makeLearner(t, { name: 'Gone Learner' });
    expect((await t.http.delete(`/api/users/mentor/${mentor.user.id}`).set(admin.auth)).status).toBe(200);
    expect((await t.http.delete(`/api/users/learner/${learner.user.id}`).set(admin.auth)).status).toBe(200);
    expect(await entriesAbout(mentor.user.id)).toEqual([
      expect.objectContaining({
        action: 'user_deleted',
        actor: { _id: admin.user.id, name: 'Ada Admin' },
        target: { type: 'user', _id: mentor.user.id, name: 'Gone Mentor' },
        detail: `${mentor.user.email} (mentor)`,
      }),
    ]);
    expect(await entriesAbout(learner.user.id)).toEqual([
      expect.objectContaining({ action: 'user_deleted', detail: `${learner.user.email} (learner)` }),
    ]);
  });

  it("deleting someone's class, discussion or community post", async () => {
    const mentor = await makeVerifiedMentor(t, { name: 'Cleo Mentor' });
    const learner = await makeLearner(t, { name: 'Lou Learner' });
    const cls = await makeClass(t, mentor, { title: 'Doomed class' });
    const other = await makeClass(t, mentor, { title: 'Kept class' });
    await enrol(t, other, learner);
    const discussion = await makeDiscussion(t, learner, other, { title: 'Doomed thread' });
    const post = await makePost(t, learner, { title: 'Doomed post' });

    expect((await t.http.delete(`/api/classes/${cls.id}`).set(admin.auth)).status).toBe(200);
    expect((await t.http.delete(`/api/discussions/${discussion._id}`).set(admin.auth)).status).toBe(200);
    expect((await t.http.delete(`/api/community/${post._id}`).set(admin.auth)).status).toBe(200);

    const actor = { _id: admin.user.id, name: 'Ada Admin' };
    expect(await entriesAbout(cls.id)).toEqual([
      expect.objectContaining({
        action: 'class_deleted',
        actor,
        target: { type: 'class', _id: cls.id, name: 'Doomed class' },
        detail: 'by Cleo Mentor',
      }),
    ]);
    expect(await entriesAbout(discussion._id)).toEqual([
      expect.objectContaining({
        action: 'discussion_deleted',
        actor,
        target: { type: 'discussion', _id: discussion._id, name: 'Doomed thread' },
        detail: 'by Lou Learner in “Kept class”',
      }),
    ]);
    expect(await entriesAbout(post._id)).toEqual([
      expect.objectContaining({
        action: 'post_deleted',
        actor,
        target: { type: 'post', _id: post._id, name: 'Doomed post' },
        detail: 'by Lou Learner',
      }),
    ]);
  });

  it('changing a role, from one role to another', async () => {
    const learner = await makeLearner(t, { name: 'Rita Role' });
    const res = await setRole(admin, learner.user.id, 'mentor');
    expect(res.status).toBe(200);
    expect(await entriesAbout(learner.user.id)).toEqual([
      expect.objectContaining({
        action: 'role_changed',
        actor: { _id: admin.user.id, name: 'Ada Admin' },
        target: { type: 'user', _id: learner.user.id, name: 'Rita Role' },
        detail: 'learner → mentor',
      }),
    ]);
  });

  it('keeps the name of an actor whose account is gone', async () => {
    const departing = await makeAdmin(t, { name: 'Departing Admin' });
    const learner = await makeLearner(t);
    expect((await t.http.delete(`/api/users/learner/${learner.user.id}`).set(departing.auth)).status).toBe(200);
    await t.ctx.db.delete(users).where(eq(users.id, departing.user.id));
    expect(await entriesAbout(learner.user.id)).toEqual([
      expect.objectContaining({ actor: { _id: null, name: 'Departing Admin' } }),
    ]);
  });
});

describe('nothing is recorded when nothing was done by an admin', () => {
  it('authors and mentors deleting their own things', async () => {
    const mentor = await makeVerifiedMentor(t);
    const learner = await makeLearner(t);
    const cls = await makeClass(t, mentor);
    const kept = await makeClass(t, mentor);
    await enrol(t, kept, learner);
    const discussion = await makeDiscussion(t, learner, kept);
    const post = await makePost(t, learner);
    const adminsPost = await makePost(t, admin);
    const before = await entryCount();
    expect((await t.http.delete(`/api/classes/${cls.id}`).set(mentor.auth)).status).toBe(200);
    expect((await t.http.delete(`/api/discussions/${discussion._id}`).set(learner.auth)).status).toBe(200);
    expect((await t.http.delete(`/api/community/${post._id}`).set(learner.auth)).status).toBe(200);
    // An admin deleting their own post acts as its author, not as a moderator.
    expect((await t.http.delete(`/api/community/${adminsPost._id}`).set(admin.auth)).status).toBe(200);
    expect(await entryCount()).toBe(before);
  });

  it('refused and failed attempts', async () => {
    const mentor = await makeMentor(t);
    const learner = await makeLearner(t);
    const owner = await makeVerifiedMentor(t);
    const cls = await makeClass(t, owner);
    const post = await makePost(t, owner);
    const before = await entryCount();
    const attempts = [
      t.http.put(`/api/admin/verify-mentor/${mentor.user.id}`).set(learner.auth),
      t.http.put(`/api/admin/verify-mentor/${learner.user.id}`).set(admin.auth),
      t.http.put(`/api/admin/verify-mentor/${UNKNOWN_ID}`).set(admin.auth),
      t.http.delete(`/api/users/learner/${learner.user.id}`).set(mentor.auth),
      t.http.delete(`/api/users/mentor/${learner.user.id}`).set(admin.auth),
      t.http.delete(`/api/users/learner/${UNKNOWN_ID}`).set(admin.auth),
      t.http.delete(`/api/classes/${cls.id}`).set(mentor.auth),
      t.http.delete(`/api/classes/${UNKNOWN_ID}`).set(admin.auth),
      t.http.delete(`/api/discussions/${UNKNOWN_ID}`).set(admin.auth),
      t.http.delete(`/api/community/${post._id}`).set(learner.auth),
      t.http.delete(`/api/community/${UNKNOWN_ID}`).set(admin.auth),
      setRole(learner, mentor.user.id, 'admin'),
      setRole(admin, UNKNOWN_ID, 'mentor'),
      setRole(admin, learner.user.id, 'superuser'),
      // The role it already has: nothing changes.
      setRole(admin, learner.user.id, 'learner'),
    ];
    for (const attempt of attempts) expect((await attempt).status).not.toBe(500);
    expect(await entryCount()).toBe(before);
    expect(await countRows(t, classes, sql`id = ${cls.id}`)).toBe(1);
  });
});

describe('the entry and the action are one transaction', () => {
  it('an action whose entry cannot be written does not happen', async () => {
    const learner = await makeLearner(t);
    // Every new audit row now fails to insert: the delete around it must be rolled back.
    await t.ctx.db.execute(sql`alter table audit_log add constraint audit_test_refuse check (false) not valid`);
    try {
      const res = await t.http.delete(`/api/users/learner/${learner.user.id}`).set(admin.auth);
      expect(res.status).toBe(500);
      expect(await countRows(t, users, sql`id = ${learner.user.id}`)).toBe(1);
      expect((await setRole(admin, learner.user.id, 'both')).status).toBe(500);
      const [row] = await t.ctx.db.select({ role: users.role }).from(users).where(eq(users.id, learner.user.id));
      expect(row?.role).toBe('learner');
    } finally {
      await t.ctx.db.execute(sql`alter table audit_log drop constraint audit_test_refuse`);
    }
  });
});

describe('GET /api/admin/audit-log', () => {
  it('pages newest first with limit and cursor, without skipping or repeating', async () => {
    const learner = await makeLearner(t);
    const roles: Role[] = ['mentor', 'both', 'learner', 'mentor', 'both'];
    for (const role of roles) expect((await setRole(admin, learner.user.id, role)).status).toBe(200);
    // Requests this quick can share a millisecond, where the order falls back to ids: compare as sets.
    const all = (await entriesAbout(learner.user.id)).map((entry) => entry.detail);
    expect(all.sort()).toEqual(
      ['learner → mentor', 'mentor → both', 'both → learner', 'learner → mentor', 'mentor → both'].sort(),
    );

    const seen: AuditEntry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await t.http.get(`/api/admin/audit-log?limit=2${cursor ? `&cursor=${cursor}` : ''}`).set(admin.auth);
      expect(res.status).toBe(200);
      const page = auditLogResponseSchema.parse(res.body);
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.entries);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 500);
    expect(seen.length).toBe(await entryCount());
    expect(new Set(seen.map((entry) => entry._id)).size).toBe(seen.length);
    const times = seen.map((entry) => Date.parse(entry.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('answers 401 signed out, 403 to everyone but admins, 400 for a bad limit or cursor', async () => {
    expect((await t.http.get('/api/admin/audit-log')).status).toBe(401);
    for (const who of [await makeLearner(t), await makeVerifiedMentor(t), await makeBoth(t)]) {
      expect((await t.http.get('/api/admin/audit-log').set(who.auth)).status).toBe(403);
    }
    expect((await t.http.get('/api/admin/audit-log?limit=0').set(admin.auth)).status).toBe(400);
    expect((await t.http.get('/api/admin/audit-log?limit=101').set(admin.auth)).status).toBe(400);
    expect((await t.http.get('/api/admin/audit-log?cursor=nonsense!').set(admin.auth)).status).toBe(400);
  });
});

describe('PUT /api/admin/users/{id}/role', () => {
  it('gives any role, admin included; the account keeps its sessions and the new role applies at once', async () => {
    const learner = await makeLearner(t);
    const res = await setRole(admin, learner.user.id, 'admin');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: learner.user.id, role: 'admin', verified: true });
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash/);
    expect((await t.http.get('/api/auth/profile').set(learner.auth)).body.role).toBe('admin');
    expect((await t.http.get('/api/users/mentors').set(learner.auth)).status).toBe(200);
    expect((await setRole(admin, learner.user.id, 'learner')).status).toBe(200);
    expect((await t.http.get('/api/users/mentors').set(learner.auth)).status).toBe(403);
  });

  it('answers 401 signed out, 403 to non-admins, 404 for unknown or malformed ids, 400 for a bad role', async () => {
    const learner = await makeLearner(t);
    expect((await t.http.put(`/api/admin/users/${learner.user.id}/role`).send({ role: 'mentor' })).status).toBe(401);
    for (const who of [learner, await makeVerifiedMentor(t), await makeBoth(t)]) {
      expect((await setRole(who, learner.user.id, 'mentor')).status).toBe(403);
      expect((await setRole(who, who.user.id, 'admin')).status).toBe(403);
    }
    expect((await setRole(admin, UNKNOWN_ID, 'mentor')).status).toBe(404);
    expect((await setRole(admin, 'not-an-id', 'mentor')).status).toBe(404);
    for (const bad of ['superuser', 'ADMIN', '', 3, null, ['admin']]) {
      const res = await setRole(admin, learner.user.id, bad);
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0]?.path).toBe('role');
    }
    const missing = await t.http.put(`/api/admin/users/${learner.user.id}/role`).set(admin.auth).send({});
    expect(missing.status).toBe(400);
    const [row] = await t.ctx.db.select({ role: users.role }).from(users).where(eq(users.id, learner.user.id));
    expect(row?.role).toBe('learner');
  });
});

describe('the last administrator', () => {
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer();
  });
  afterAll(() => own.close());

  it("cannot lose the role (409), their own change included; with another admin it can go, and the caller's session stays", async () => {
    const only = await makeAdmin(own);
    const role = (who: TestUser, id: string, next: Role) =>
      own.http.put(`/api/admin/users/${id}/role`).set(who.auth).send({ role: next });
    const refused = await role(only, only.user.id, 'mentor');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MESSAGES.server.lastAdminRole);
    // Setting the role it has is not a demotion.
    expect((await role(only, only.user.id, 'admin')).status).toBe(200);

    const second = await makeAdmin(own);
    expect((await role(only, only.user.id, 'both')).status).toBe(200);
    expect((await own.http.get('/api/auth/profile').set(only.auth)).body.role).toBe('both');
    // Now `second` is the last one.
    expect((await role(second, second.user.id, 'learner')).status).toBe(409);
    expect(await countRows(own, users, sql`role = 'admin'`)).toBe(1);
    expect(await countRows(own, auditLog, sql`action = 'role_changed'`)).toBe(1);
  });

  it('two admins demoting each other at once: one wins, one admin remains', async () => {
    const other = await makeAdmin(own);
    const admins = await own.ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    expect(admins.length).toBe(2);
    const [first, secondAdmin] = admins.map((row) => row.id) as [string, string];
    const answers = await Promise.all([
      own.http.put(`/api/admin/users/${first}/role`).set(other.auth).send({ role: 'learner' }),
      own.http.put(`/api/admin/users/${secondAdmin}/role`).set(other.auth).send({ role: 'learner' }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(await countRows(own, users, sql`role = 'admin'`)).toBe(1);
  });
});
