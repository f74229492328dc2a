import { auditLogResponseSchema, MESSAGES, rosterResponseSchema } from '@mentora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_ID } from '../../test/expectations.js';
import {
  makeAdmin,
  makeBoth,
  makeClass,
  makeLearner,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import type { ClassRow } from '../db/schema.js';
import { enrolments } from '../db/schema.js';

// A class's roster (issue #25): its mentor and admins see who is enrolled and since when, and may take
// someone off it; the learner is told, and loses the class at once (events/access.test.ts for streams).

let t: TestServer;
let admin: TestUser;
let mentor: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await makeAdmin(t);
  mentor = await makeVerifiedMentor(t);
});
afterAll(() => t.close());

/** Enrols at a given time, so the roster's order is known to the millisecond. */
async function enrolAt(cls: ClassRow, who: TestUser, at: string) {
  await t.ctx.db.insert(enrolments).values({ classId: cls.id, userId: who.user.id, createdAt: new Date(at) });
  t.ctx.readCache.changed('enrolments');
}

const roster = (cls: ClassRow, who: TestUser) => t.http.get(`/api/classes/${cls.id}/roster`).set(who.auth);
const remove = (cls: ClassRow, learnerId: string, who: TestUser) =>
  t.http.delete(`/api/classes/${cls.id}/roster/${learnerId}`).set(who.auth);
const isEnrolled = async (who: TestUser, cls: ClassRow) =>
  (await t.http.get(`/api/classes/${cls.id}/enrollment`).set(who.auth)).body.isEnrolled as boolean;
const inbox = async (who: TestUser) =>
  (await t.http.get('/api/notifications').set(who.auth)).body.notifications as { kind: string; message: string }[];

describe('GET /api/classes/{id}/roster', () => {
  it('lists the enrolled learners with their enrolment dates, first enrolled first', async () => {
    const cls = await makeClass(t, mentor);
    const late = await makeLearner(t, { name: 'Late Learner' });
    const early = await makeLearner(t, { name: 'Early Learner' });
    await enrolAt(cls, late, '2026-05-02T10:00:00.000Z');
    await enrolAt(cls, early, '2026-05-01T09:30:00.250Z');
    const other = await makeClass(t, mentor);
    await enrolAt(other, await makeLearner(t), '2026-05-01T00:00:00.000Z');

    for (const who of [mentor, admin]) {
      const res = await roster(cls, who);
      expect(res.status).toBe(200);
      expect(rosterResponseSchema.strict().parse(res.body).learners).toEqual([
        {
          _id: early.user.id,
          name: 'Early Learner',
          username: early.user.username,
          profilePicture: early.user.profilePicture,
          enrolledAt: '2026-05-01T09:30:00.250Z',
        },
        {
          _id: late.user.id,
          name: 'Late Learner',
          username: late.user.username,
          profilePicture: late.user.profilePicture,
          enrolledAt: '2026-05-02T10:00:00.000Z',
        },
      ]);
    }
    // Nobody else's details ride along (no email, no role).
    expect(Object.keys((await roster(cls, mentor)).body.learners[0]).sort()).toEqual(
      ['_id', 'enrolledAt', 'name', 'profilePicture', 'username'].sort(),
    );
  });

  it('is empty for a class nobody has joined', async () => {
    const cls = await makeClass(t, mentor);
    expect((await roster(cls, mentor)).body).toEqual({ learners: [] });
  });

  it('refuses its learners, other mentors and learners (403), unknown or malformed ids (404), signed out (401)', async () => {
    const cls = await makeClass(t, mentor);
    const enrolled = await makeLearner(t);
    await enrolAt(cls, enrolled, '2026-05-01T00:00:00.000Z');
    for (const who of [
      enrolled,
      await makeLearner(t),
      await makeVerifiedMentor(t),
      await makeBoth(t, { verified: true }),
    ]) {
      const res = await roster(cls, who);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.server.rosterMentorOrAdminOnly);
    }
    expect((await t.http.get(`/api/classes/${cls.id}/roster`)).status).toBe(401);
    expect((await t.http.get(`/api/classes/${UNKNOWN_ID}/roster`).set(mentor.auth)).status).toBe(404);
    expect((await t.http.get('/api/classes/nope/roster').set(mentor.auth)).status).toBe(404);
  });
});

describe('DELETE /api/classes/{id}/roster/{userId}', () => {
  it('takes the learner off the class (200) and tells them; the class counts one fewer', async () => {
    const cls = await makeClass(t, mentor, { title: 'Roster class' });
    const leaving = await makeLearner(t);
    const staying = await makeLearner(t);
    await enrolAt(cls, leaving, '2026-05-01T00:00:00.000Z');
    await enrolAt(cls, staying, '2026-05-02T00:00:00.000Z');

    const res = await remove(cls, leaving.user.id, mentor);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.server.learnerRemoved });
    expect(await isEnrolled(leaving, cls)).toBe(false);
    expect(await isEnrolled(staying, cls)).toBe(true);
    expect((await roster(cls, mentor)).body.learners.map((l: { _id: string }) => l._id)).toEqual([staying.user.id]);
    expect((await t.http.get(`/api/classes/${cls.id}`).set(staying.auth)).body.studentCount).toBe(1);
    // Their access to the class's room ends with it.
    expect((await t.http.get(`/api/classes/${cls.id}/live`).set(leaving.auth)).status).toBe(403);

    const [told] = await inbox(leaving);
    expect(told).toMatchObject({
      kind: 'removed_from_class',
      message: MESSAGES.notifications.removedFromClass('Roster class'),
    });
    expect(told).toMatchObject({ link: `/classes/${cls.id}` });
    expect(await inbox(staying)).toEqual([]);
  });

  it('lets an admin remove someone, which goes in the audit log; its mentor removing does not', async () => {
    const cls = await makeClass(t, mentor, { title: 'Moderated class' });
    const first = await makeLearner(t, { name: 'First Removed' });
    const second = await makeLearner(t);
    await enrolAt(cls, first, '2026-05-01T00:00:00.000Z');
    await enrolAt(cls, second, '2026-05-02T00:00:00.000Z');
    expect((await remove(cls, first.user.id, admin)).status).toBe(200);
    expect((await remove(cls, second.user.id, mentor)).status).toBe(200);

    const log = auditLogResponseSchema.parse((await t.http.get('/api/admin/audit-log?limit=100').set(admin.auth)).body);
    const entries = log.entries.filter((e) => e.target._id === cls.id);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'learner_removed',
        actor: expect.objectContaining({ _id: admin.user.id }),
        target: { type: 'class', _id: cls.id, name: 'Moderated class' },
        detail: 'First Removed',
      }),
    ]);
    expect((await inbox(first))[0]?.kind).toBe('removed_from_class');
  });

  it('answers 404 for someone not enrolled (or gone already), an unknown class or malformed ids', async () => {
    const cls = await makeClass(t, mentor);
    const learner = await makeLearner(t);
    await enrolAt(cls, learner, '2026-05-01T00:00:00.000Z');
    const outsider = await makeLearner(t);
    const notEnrolled = await remove(cls, outsider.user.id, mentor);
    expect(notEnrolled.status).toBe(404);
    expect(notEnrolled.body.message).toBe(MESSAGES.server.learnerNotEnrolled);
    expect((await remove(cls, UNKNOWN_ID, mentor)).status).toBe(404);
    expect((await remove(cls, 'nope', mentor)).status).toBe(404);
    expect((await t.http.delete(`/api/classes/${UNKNOWN_ID}/roster/${learner.user.id}`).set(mentor.auth)).status).toBe(
      404,
    );
    expect((await remove(cls, learner.user.id, mentor)).status).toBe(200);
    expect((await remove(cls, learner.user.id, mentor)).status).toBe(404);
    // Nobody was told of a removal that did not happen.
    expect(await inbox(outsider)).toEqual([]);
  });

  it('refuses the learner themself, other learners and other mentors (403) and signed-out callers (401)', async () => {
    const cls = await makeClass(t, mentor);
    const learner = await makeLearner(t);
    await enrolAt(cls, learner, '2026-05-01T00:00:00.000Z');
    for (const who of [learner, await makeLearner(t), await makeVerifiedMentor(t)]) {
      const res = await remove(cls, learner.user.id, who);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.server.rosterMentorOrAdminOnly);
    }
    expect((await t.http.delete(`/api/classes/${cls.id}/roster/${learner.user.id}`)).status).toBe(401);
    expect(await isEnrolled(learner, cls)).toBe(true);
  });

  it('lets the removed learner enrol again while the class is open', async () => {
    const cls = await makeClass(t, mentor);
    const learner = await makeLearner(t);
    await enrolAt(cls, learner, '2026-05-01T00:00:00.000Z');
    expect((await remove(cls, learner.user.id, mentor)).status).toBe(200);
    expect((await t.http.post(`/api/classes/${cls.id}/enroll`).set(learner.auth)).status).toBe(200);
  });
});
