import { enrolledClassSchema, MESSAGES } from '@mentora/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_ID } from '../../test/expectations.js';
import {
  classRequest,
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
import { enrolments } from '../db/schema.js';

let t: TestServer;
let admin: TestUser;
let mentor: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await makeAdmin(t);
  mentor = await makeVerifiedMentor(t);
});
afterAll(() => t.close());

async function enrolledCount(classId: string): Promise<number> {
  const [row] = await t.ctx.db.select({ n: count() }).from(enrolments).where(eq(enrolments.classId, classId));
  return row?.n ?? 0;
}

const isEnrolled = async (who: TestUser, classId: string) =>
  (await t.http.get(`/api/classes/${classId}/enrollment`).set(who.auth)).body.isEnrolled;

/** POST /enroll through a plain HTTP client, so many can be in flight at once. */
const enrolOverHttp = (who: TestUser, classId: string) =>
  fetch(`${t.baseUrl}/api/classes/${classId}/enroll`, { method: 'POST', headers: who.auth }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as { message: string },
  }));

describe('POST /api/classes/{id}/enroll', () => {
  it('enrols a signed-in learner, who then shows up in the class', async () => {
    const cls = await makeClass(t, mentor);
    const learner = await makeLearner(t);
    expect(await isEnrolled(learner, cls.id)).toBe(false);
    const res = await t.http.post(`/api/classes/${cls.id}/enroll`).set(learner.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.classDetail.enrolled });
    expect(await isEnrolled(learner, cls.id)).toBe(true);
    const detail = await t.http.get(`/api/classes/${cls.id}`).set(learner.auth);
    expect(detail.body.enrolledStudents).toEqual([learner.user.id]);
    expect(detail.body.studentCount).toBe(1);
  });

  it('lets other mentors, "both" accounts and unverified mentors enrol too', async () => {
    const cls = await makeClass(t, mentor);
    for (const who of [await makeVerifiedMentor(t), await makeBoth(t), await makeMentor(t)]) {
      expect((await t.http.post(`/api/classes/${cls.id}/enroll`).set(who.auth)).status).toBe(200);
    }
    expect(await enrolledCount(cls.id)).toBe(3);
  });

  it('answers 400 when already enrolled or when the class is full', async () => {
    const cls = await makeClass(t, mentor, { maxStudents: 2 });
    const [a, b, c] = [await makeLearner(t), await makeLearner(t), await makeLearner(t)];
    expect((await t.http.post(`/api/classes/${cls.id}/enroll`).set(a.auth)).status).toBe(200);
    const again = await t.http.post(`/api/classes/${cls.id}/enroll`).set(a.auth);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MESSAGES.server.alreadyEnrolled);
    expect((await t.http.post(`/api/classes/${cls.id}/enroll`).set(b.auth)).status).toBe(200);
    const full = await t.http.post(`/api/classes/${cls.id}/enroll`).set(c.auth);
    expect(full.status).toBe(400);
    expect(full.body.message).toBe(MESSAGES.server.classFull);
    // Already enrolled wins over full: it says more.
    expect((await t.http.post(`/api/classes/${cls.id}/enroll`).set(a.auth)).body.message).toBe(
      MESSAGES.server.alreadyEnrolled,
    );
    // A seat freed by unenrolling can be taken.
    expect((await t.http.post(`/api/classes/${cls.id}/unenroll`).set(b.auth)).status).toBe(200);
    expect((await t.http.post(`/api/classes/${cls.id}/enroll`).set(c.auth)).status).toBe(200);
    expect(await enrolledCount(cls.id)).toBe(2);
  });

  it('refuses new enrolments in a completed class (400); those enrolled stay and may still leave', async () => {
    const cls = await makeClass(t, mentor, { status: 'ongoing' });
    const before = await makeLearner(t);
    await enrol(t, cls, before);
    // Marked completed through the edit form's call.
    const done = await t.http
      .put(`/api/classes/${cls.id}`)
      .set(mentor.auth)
      .send(classRequest({ title: cls.title, status: 'completed' }));
    expect(done.status).toBe(200);
    for (const who of [await makeLearner(t), admin, await makeVerifiedMentor(t)]) {
      const res = await t.http.post(`/api/classes/${cls.id}/enroll`).set(who.auth);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('This class has been completed');
      expect(res.body.message).toBe(MESSAGES.server.classCompleted);
    }
    expect(await enrolledCount(cls.id)).toBe(1);
    expect(await isEnrolled(before, cls.id)).toBe(true);
    expect((await t.http.post(`/api/classes/${cls.id}/unenroll`).set(before.auth)).status).toBe(200);
    // Reopened, it takes enrolments again.
    await t.http
      .put(`/api/classes/${cls.id}`)
      .set(mentor.auth)
      .send(classRequest({ title: cls.title, status: 'ongoing' }));
    expect((await t.http.post(`/api/classes/${cls.id}/enroll`).set(before.auth)).status).toBe(200);
  });

  it('has no limit without maxStudents', async () => {
    const cls = await makeClass(t, mentor, { maxStudents: null });
    for (let i = 0; i < 5; i++) {
      expect((await t.http.post(`/api/classes/${cls.id}/enroll`).set((await makeLearner(t)).auth)).status).toBe(200);
    }
  });

  it('lets an admin enrol like anyone signed in who is not its mentor (API.md)', async () => {
    const cls = await makeClass(t, mentor);
    expect((await t.http.post(`/api/classes/${cls.id}/enroll`).set(admin.auth)).status).toBe(200);
    expect((await t.http.get(`/api/classes/${cls.id}/enrollment`).set(admin.auth)).body).toEqual({ isEnrolled: true });
  });

  it("refuses the class's own mentor (403), unknown or malformed ids (404), signed out (401)", async () => {
    const cls = await makeClass(t, mentor);
    let res = await t.http.post(`/api/classes/${cls.id}/enroll`).set(mentor.auth);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.server.cannotEnrolOwnClass);
    const both = await makeBoth(t, { verified: true });
    const own = await makeClass(t, both);
    expect((await t.http.post(`/api/classes/${own.id}/enroll`).set(both.auth)).status).toBe(403);
    const learner = await makeLearner(t);
    res = await t.http.post(`/api/classes/${UNKNOWN_ID}/enroll`).set(learner.auth);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MESSAGES.classDetail.notFound);
    expect((await t.http.post('/api/classes/abc/enroll').set(learner.auth)).status).toBe(404);
    expect((await t.http.post(`/api/classes/${cls.id}/enroll`)).status).toBe(401);
    expect(await enrolledCount(cls.id)).toBe(0);
  });
});

describe('enrolment under concurrency', () => {
  for (const maxStudents of [1, 5]) {
    it(`lets exactly ${maxStudents} of 20 learners racing for ${maxStudents} seat(s) in`, async () => {
      const cls = await makeClass(t, mentor, { maxStudents });
      const learners = await Promise.all(Array.from({ length: 20 }, () => makeLearner(t)));
      const results = await Promise.all(learners.map((who) => enrolOverHttp(who, cls.id)));
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(maxStudents);
      expect(statuses.filter((s) => s === 400)).toHaveLength(20 - maxStudents);
      for (const r of results.filter((x) => x.status === 400)) expect(r.body.message).toBe(MESSAGES.server.classFull);
      expect(await enrolledCount(cls.id)).toBe(maxStudents);
      const winners = learners.filter((_, i) => statuses[i] === 200).map((w) => w.user.id);
      const detail = await t.http.get(`/api/classes/${cls.id}`).set(mentor.auth);
      expect(detail.body.enrolledStudents.sort()).toEqual(winners.sort());
    });
  }

  it('keeps one enrolment when the same learner double-clicks', async () => {
    const cls = await makeClass(t, mentor, { maxStudents: 5 });
    const learner = await makeLearner(t);
    const results = await Promise.all(Array.from({ length: 8 }, () => enrolOverHttp(learner, cls.id)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(7);
    expect(await enrolledCount(cls.id)).toBe(1);
  });

  it('never lets maxStudents drop below the enrolment while learners are enrolling', async () => {
    const cls = await makeClass(t, mentor, { maxStudents: 10 });
    const learners = await Promise.all(Array.from({ length: 6 }, () => makeLearner(t)));
    const shrink = fetch(`${t.baseUrl}/api/classes/${cls.id}`, {
      method: 'PUT',
      headers: { ...mentor.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(classRequest({ maxStudents: 3 })),
    }).then((r) => r.status);
    const [shrunk, ...enrolled] = await Promise.all([shrink, ...learners.map((w) => enrolOverHttp(w, cls.id))]);
    const detail = await t.http.get(`/api/classes/${cls.id}`).set(mentor.auth);
    const seats = detail.body.maxStudents as number;
    expect(detail.body.studentCount).toBeLessThanOrEqual(seats);
    expect(enrolled.filter((r) => r.status === 200)).toHaveLength(detail.body.studentCount);
    expect(seats).toBe(shrunk === 200 ? 3 : 10);
  });
});

describe('POST /api/classes/{id}/unenroll', () => {
  it('unenrols an enrolled user', async () => {
    const cls = await makeClass(t, mentor);
    const learner = await makeLearner(t);
    await enrol(t, cls, learner);
    const res = await t.http.post(`/api/classes/${cls.id}/unenroll`).set(learner.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.classDetail.unenrolled });
    expect(await isEnrolled(learner, cls.id)).toBe(false);
    expect(await enrolledCount(cls.id)).toBe(0);
  });

  it('answers 400 when not enrolled, 404 for unknown or malformed ids, 401 signed out', async () => {
    const cls = await makeClass(t, mentor);
    const learner = await makeLearner(t);
    const other = await makeLearner(t);
    await enrol(t, cls, other);
    for (const who of [learner, mentor, admin]) {
      const res = await t.http.post(`/api/classes/${cls.id}/unenroll`).set(who.auth);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.server.notEnrolled);
    }
    expect((await t.http.post(`/api/classes/${UNKNOWN_ID}/unenroll`).set(learner.auth)).status).toBe(404);
    expect((await t.http.post('/api/classes/zzz/unenroll').set(learner.auth)).status).toBe(404);
    expect((await t.http.post(`/api/classes/${cls.id}/unenroll`)).status).toBe(401);
    expect(await enrolledCount(cls.id)).toBe(1);
  });
});

describe('GET /api/classes/{id}/enrollment', () => {
  it('tells anyone signed in whether they are enrolled', async () => {
    const cls = await makeClass(t, mentor);
    const learner = await makeLearner(t);
    await enrol(t, cls, learner);
    for (const [who, expected] of [
      [learner, true],
      [await makeLearner(t), false],
      [mentor, false],
      [admin, false],
    ] as const) {
      const res = await t.http.get(`/api/classes/${cls.id}/enrollment`).set(who.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ isEnrolled: expected });
    }
  });

  it('answers 404 for unknown or malformed ids and 401 signed out', async () => {
    const learner = await makeLearner(t);
    expect((await t.http.get(`/api/classes/${UNKNOWN_ID}/enrollment`).set(learner.auth)).status).toBe(404);
    expect((await t.http.get('/api/classes/nope/enrollment').set(learner.auth)).status).toBe(404);
    expect((await t.http.get(`/api/classes/${UNKNOWN_ID}/enrollment`)).status).toBe(401);
  });
});

describe('GET /api/classes/enrolled and /api/classes/created', () => {
  it('lists the classes the caller is enrolled in, newest first', async () => {
    const learner = await makeLearner(t);
    const first = await makeClass(t, mentor);
    await makeClass(t, mentor);
    const third = await makeClass(t, await makeVerifiedMentor(t));
    await enrol(t, third, learner);
    await enrol(t, first, learner);
    const res = await t.http.get('/api/classes/enrolled').set(learner.auth);
    expect(res.status).toBe(200);
    expect(res.body.map((c: { _id: string }) => c._id)).toEqual([third.id, first.id]);
    for (const c of res.body) enrolledClassSchema.parse(c);
    expect(res.body[0].studentCount).toBe(1);
    expect((await t.http.get('/api/classes/enrolled').set((await makeLearner(t)).auth)).body).toEqual([]);
    expect((await t.http.get('/api/classes/enrolled')).status).toBe(401);
  });

  it('says when the caller enrolled in each, there and in filter=enrolled only', async () => {
    const learner = await makeLearner(t);
    const cls = await makeClass(t, mentor);
    const at = new Date('2026-04-03T02:01:00.123Z');
    await t.ctx.db.insert(enrolments).values({ classId: cls.id, userId: learner.user.id, createdAt: at });
    t.ctx.readCache.changed('enrolments');
    const [mine] = (await t.http.get('/api/classes/enrolled').set(learner.auth)).body;
    expect(mine).toMatchObject({ _id: cls.id, enrolledAt: at.toISOString(), createdAt: cls.createdAt.toISOString() });
    const filtered = await t.http.get('/api/classes?filter=enrolled').set(learner.auth);
    expect(filtered.body.classes[0]).toMatchObject({ _id: cls.id, enrolledAt: at.toISOString() });
    // The catalogue is the same for everyone: no one's enrolment date in it, nor on the class page.
    const all = await t.http.get(`/api/classes?filter=all&search=${encodeURIComponent(cls.title)}`).set(learner.auth);
    expect(all.body.classes.find((c: { _id: string }) => c._id === cls.id)).not.toHaveProperty('enrolledAt');
    expect((await t.http.get(`/api/classes/${cls.id}`).set(learner.auth)).body).not.toHaveProperty('enrolledAt');
  });

  it("lists a mentor's own classes, newest first", async () => {
    const own = await makeVerifiedMentor(t);
    const a = await makeClass(t, own);
    const b = await makeClass(t, own);
    await makeClass(t, mentor);
    const res = await t.http.get('/api/classes/created').set(own.auth);
    expect(res.status).toBe(200);
    expect(res.body.map((c: { _id: string }) => c._id)).toEqual([b.id, a.id]);
    expect(res.body[0].mentor._id).toBe(own.user.id);
    const both = await makeBoth(t, { verified: true });
    const mine = await makeClass(t, both);
    expect((await t.http.get('/api/classes/created').set(both.auth)).body.map((c: { _id: string }) => c._id)).toEqual([
      mine.id,
    ]);
    expect((await t.http.get('/api/classes/created').set((await makeMentor(t)).auth)).body).toEqual([]);
  });

  it('answers 403 to non-mentors for created classes and 401 signed out', async () => {
    for (const who of [await makeLearner(t), admin]) {
      const res = await t.http.get('/api/classes/created').set(who.auth);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.server.mentorOnly);
    }
    expect((await t.http.get('/api/classes/created')).status).toBe(401);
  });
});
