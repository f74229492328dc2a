import { MESSAGES, type Role, type User } from '@mentora/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classRequest,
  enrol,
  makeAdmin,
  makeBoth,
  makeClass,
  makeDiscussion,
  makeLearner,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { buildContext } from '../assistant/context.js';
import { notifications, type UserRow, users } from '../db/schema.js';
import { isClassMentor, isClassMentorSql } from './policy.js';

// A mentor who loses the mentor role loses their classes' controls, and their verification with it.

let t: TestServer;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

const setRole = (who: TestUser, role: Role) =>
  t.http.put(`/api/admin/users/${who.user.id}/role`).set(admin.auth).send({ role });

async function demotedMentorWithClass() {
  const mentor = await makeVerifiedMentor(t);
  const cls = await makeClass(t, mentor, { contentType: 'live', contentUrl: '' });
  const learner = await makeLearner(t);
  await enrol(t, cls, learner);
  const discussion = await makeDiscussion(t, learner, cls);
  expect((await setRole(mentor, 'learner')).status).toBe(200);
  return { mentor, cls, learner, discussion };
}

describe('a mentor given the learner role', () => {
  it('can no longer edit, go live on, delete, or moderate their class', async () => {
    const { mentor, cls, discussion } = await demotedMentorWithClass();
    const edit = await t.http.put(`/api/classes/${cls.id}`).set(mentor.auth).send(classRequest());
    expect(edit.status).toBe(403);
    expect(edit.body).toEqual({ message: MESSAGES.server.classMentorOnly, requestId: expect.any(String) });
    expect((await t.http.post(`/api/classes/${cls.id}/live`).set(mentor.auth)).status).toBe(403);
    expect((await t.http.get(`/api/classes/${cls.id}/live`).set(mentor.auth)).status).toBe(403);
    expect((await t.http.delete(`/api/classes/${cls.id}`).set(mentor.auth)).status).toBe(403);
    expect((await t.http.delete(`/api/discussions/${discussion._id}`).set(mentor.auth)).status).toBe(403);
  });

  it("no longer reads, starts, or replies to the class's discussions", async () => {
    const { mentor, cls, discussion } = await demotedMentorWithClass();
    expect((await t.http.get(`/api/discussions/${discussion._id}`).set(mentor.auth)).status).toBe(403);
    expect((await t.http.get(`/api/discussions?classId=${cls.id}`).set(mentor.auth)).status).toBe(403);
    // Their own list holds nothing of the class: they belong to no class now.
    const mine = await t.http.get('/api/discussions').set(mentor.auth);
    expect(mine.status).toBe(403);
    expect(mine.body).toEqual({ message: MESSAGES.discussions.notEnrolledAny, requestId: expect.any(String) });
    const start = await t.http
      .post('/api/discussions')
      .set(mentor.auth)
      .send({ classId: cls.id, title: 'Still here', content: 'Am I?' });
    expect(start.status).toBe(403);
    const reply = await t.http
      .post(`/api/discussions/${discussion._id}/replies`)
      .set(mentor.auth)
      .send({ content: 'Still here.' });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ message: MESSAGES.discussionDetail.mustEnrolToReply, requestId: expect.any(String) });
  });

  it("no longer gets the class's discussions from the assistant's context", async () => {
    const mentor = await makeVerifiedMentor(t);
    const cls = await makeClass(t, mentor);
    const learner = await makeLearner(t);
    await enrol(t, cls, learner);
    await makeDiscussion(t, learner, cls, { title: 'Perspective drawing vanishing points' });
    const asked = async () => {
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, mentor.user.id));
      const context = await buildContext(t.ctx.db, row as UserRow, 'vanishing points in perspective drawing');
      return context.matches.discussions.map((d) => d.title);
    };
    expect(await asked()).toEqual(['Perspective drawing vanishing points']);
    expect((await setRole(mentor, 'learner')).status).toBe(200);
    expect(await asked()).toEqual([]);
  });

  it('is no longer told of new discussions or enrolments in the class', async () => {
    const { mentor, cls, learner } = await demotedMentorWithClass();
    await makeDiscussion(t, learner, cls, { title: 'After the demotion' });
    const newcomer = await makeLearner(t);
    expect((await t.http.post(`/api/classes/${cls.id}/enroll`).set(newcomer.auth)).status).toBe(200);
    const told = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, mentor.user.id));
    // The one about the discussion made before the demotion only.
    expect(told.map((n) => [n.kind, n.subjectTitle])).toEqual([['new_discussion', expect.not.stringMatching(/After/)]]);
  });

  it('leaves the class standing: its learners stay enrolled, an admin may delete it, its creator may not enrol', async () => {
    const { mentor, cls, learner } = await demotedMentorWithClass();
    const page = await t.http.get(`/api/classes/${cls.id}`).set(learner.auth);
    expect(page.status).toBe(200);
    expect(page.body.mentor._id).toBe(mentor.user.id);
    expect((await t.http.get(`/api/classes/${cls.id}/enrollment`).set(learner.auth)).body).toEqual({
      isEnrolled: true,
    });
    expect((await t.http.post(`/api/classes/${cls.id}/enroll`).set(mentor.auth)).status).toBe(403);
    expect((await t.http.delete(`/api/classes/${cls.id}`).set(admin.auth)).status).toBe(200);
  });

  it('loses verification and any request for it, so promotion back asks for verification again', async () => {
    const mentor = await makeVerifiedMentor(t);
    await t.ctx.db
      .update(users)
      .set({ verificationRequested: true, verificationRequestDate: new Date() })
      .where(eq(users.id, mentor.user.id));
    const demoted = await setRole(mentor, 'learner');
    expect(demoted.body).toMatchObject({ role: 'learner', verified: false, verificationRequested: false });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, mentor.user.id));
    expect(row).toMatchObject({ verified: false, verificationRequested: false, verificationRequestDate: null });

    const promoted = (await setRole(mentor, 'mentor')).body as User;
    expect(promoted).toMatchObject({ role: 'mentor', verified: false, verificationRequested: false });
    expect((await t.http.post('/api/classes').set(mentor.auth).send(classRequest())).status).toBe(403);
    expect((await t.http.post('/api/users/request-verification').set(mentor.auth)).status).toBe(200);
    expect((await t.http.put(`/api/admin/verify-mentor/${mentor.user.id}`).set(admin.auth)).status).toBe(200);
    expect((await t.http.post('/api/classes').set(mentor.auth).send(classRequest())).status).toBe(201);
  });

  it('keeps verification while a mentor role remains (mentor to both), and gets its controls back once a mentor again', async () => {
    const both = await makeBoth(t, { verified: true });
    const cls = await makeClass(t, both);
    expect((await setRole(both, 'mentor')).body).toMatchObject({ role: 'mentor', verified: true });
    expect((await t.http.put(`/api/classes/${cls.id}`).set(both.auth).send(classRequest())).status).toBe(200);
    expect((await setRole(both, 'learner')).status).toBe(200);
    expect((await t.http.put(`/api/classes/${cls.id}`).set(both.auth).send(classRequest())).status).toBe(403);
    expect((await setRole(both, 'both')).status).toBe(200);
    expect((await t.http.put(`/api/classes/${cls.id}`).set(both.auth).send(classRequest())).status).toBe(200);
  });
});

describe('isClassMentorSql', () => {
  it('decides as isClassMentor does, for every role, creator or not', async () => {
    const creator = '00000000-0000-4000-8000-000000000001';
    const other = '00000000-0000-4000-8000-000000000002';
    for (const role of ['learner', 'mentor', 'both', 'admin'] as const) {
      for (const id of [creator, other]) {
        const { rows } = await t.ctx.db.execute(
          sql`select ${isClassMentorSql(
            { mentorId: sql`${creator}::uuid` },
            { id: sql`${id}::uuid`, role: sql`${role}::text` },
          )} as mentor`,
        );
        expect([role, id, (rows[0] as { mentor: boolean }).mentor]).toEqual([
          role,
          id,
          isClassMentor({ id, role }, { mentorId: creator }),
        ]);
      }
    }
  });
});
