import { MESSAGES } from '@mentora/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../test/expectations.js';
import { makeClass, makeLearner, makeVerifiedMentor } from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { enrolments, notifications } from '../db/schema.js';
import { enrol } from './enrolmentCreator.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const seats = (classId: string) => countRows(t, enrolments, eq(enrolments.classId, classId));
const told = (classId: string) => countRows(t, notifications, sql`class_id = ${classId} and kind = 'enrolment'`);

describe('enrol', () => {
  it('takes the seat, which the class then shows, and tells its mentor', async () => {
    const mentor = await makeVerifiedMentor(t);
    const cls = await makeClass(t, mentor);
    const learner = await makeLearner(t);
    await enrol(t.ctx, learner.user, cls.id);
    expect(await seats(cls.id)).toBe(1);
    const [notice] = await t.ctx.db.select().from(notifications).where(eq(notifications.classId, cls.id));
    expect(notice).toMatchObject({ kind: 'enrolment', userId: mentor.user.id, actorId: learner.user.id });
    const status = await t.http.get(`/api/classes/${cls.id}/enrollment`).set(learner.auth);
    expect(status.body).toEqual({ isEnrolled: true });
  });

  it('refuses a second enrolment, a full class, a completed class and its own mentor, writing nothing', async () => {
    const mentor = await makeVerifiedMentor(t);
    const cls = await makeClass(t, mentor, { maxStudents: 1 });
    const first = await makeLearner(t);
    await enrol(t.ctx, first.user, cls.id);
    await expect(enrol(t.ctx, first.user, cls.id)).rejects.toMatchObject({
      status: 400,
      message: MESSAGES.server.alreadyEnrolled,
    });
    const late = await makeLearner(t);
    await expect(enrol(t.ctx, late.user, cls.id)).rejects.toMatchObject({
      status: 400,
      message: MESSAGES.server.classFull,
    });
    await expect(enrol(t.ctx, mentor.user, cls.id)).rejects.toMatchObject({
      status: 403,
      message: MESSAGES.server.cannotEnrolOwnClass,
    });
    expect(await seats(cls.id)).toBe(1);
    expect(await told(cls.id)).toBe(1);

    const done = await makeClass(t, mentor, { status: 'completed' });
    await expect(enrol(t.ctx, late.user, done.id)).rejects.toMatchObject({
      status: 400,
      message: MESSAGES.server.classCompleted,
    });
    expect(await seats(done.id)).toBe(0);
    expect(await told(done.id)).toBe(0);
  });

  it('lets exactly one of two racing learners take the last seat', async () => {
    const mentor = await makeVerifiedMentor(t);
    const cls = await makeClass(t, mentor, { maxStudents: 1 });
    const [a, b] = [await makeLearner(t), await makeLearner(t)];
    const results = await Promise.allSettled([enrol(t.ctx, a.user, cls.id), enrol(t.ctx, b.user, cls.id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await seats(cls.id)).toBe(1);
    expect(await told(cls.id)).toBe(1);
  });
});
