import { averageRatingResponseSchema, MESSAGES, reviewSchema } from '@mentora/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_ID } from '../../test/expectations.js';
import {
  enrol,
  makeAdmin,
  makeBoth,
  makeClass,
  makeLearner,
  makeReview,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import type { ClassRow } from '../db/schema.js';
import { reviews } from '../db/schema.js';

let t: TestServer;
let admin: TestUser;
let mentor: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await makeAdmin(t);
  mentor = await makeVerifiedMentor(t);
});
afterAll(() => t.close());

async function reviewRows(cls: ClassRow, who?: TestUser) {
  const [row] = await t.ctx.db
    .select({ n: count() })
    .from(reviews)
    .where(who ? and(eq(reviews.classId, cls.id), eq(reviews.userId, who.user.id)) : eq(reviews.classId, cls.id));
  return row?.n ?? 0;
}

async function enrolledLearner(cls: ClassRow) {
  const learner = await makeLearner(t);
  await enrol(t, cls, learner);
  return learner;
}

describe('POST /api/reviews', () => {
  it('lets an enrolled learner review the class', async () => {
    const cls = await makeClass(t, mentor);
    const learner = await enrolledLearner(cls);
    const res = await t.http
      .post('/api/reviews')
      .set(learner.auth)
      .send({ rating: 4, comment: '  Clear and useful.  ', classId: cls.id });
    expect(res.status).toBe(201);
    expect(reviewSchema.parse(res.body)).toMatchObject({
      rating: 4,
      comment: 'Clear and useful.',
      classId: cls.id,
      user: { _id: learner.user.id, name: learner.user.name, profilePicture: '' },
    });
    expect(JSON.stringify(res.body)).not.toContain(learner.user.email);
  });

  it('defaults the rating to 5 and the comment to empty', async () => {
    const cls = await makeClass(t, mentor);
    const learner = await enrolledLearner(cls);
    const res = await t.http.post('/api/reviews').set(learner.auth).send({ classId: cls.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ rating: 5, comment: '' });
  });

  it('replaces an earlier review by the same learner, keeping one row', async () => {
    const cls = await makeClass(t, mentor);
    const learner = await enrolledLearner(cls);
    const first = await t.http
      .post('/api/reviews')
      .set(learner.auth)
      .send({ rating: 2, comment: 'Meh', classId: cls.id });
    const second = await t.http
      .post('/api/reviews')
      .set(learner.auth)
      .send({ rating: 5, comment: 'Grew on me', classId: cls.id });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ _id: first.body._id, rating: 5, comment: 'Grew on me' });
    expect(await reviewRows(cls, learner)).toBe(1);
    const [row] = await t.ctx.db.select().from(reviews).where(eq(reviews.id, first.body._id));
    expect(row?.updatedAt.getTime()).toBeGreaterThanOrEqual(row?.createdAt.getTime() ?? Number.POSITIVE_INFINITY);
    const list = await t.http.get(`/api/reviews/${cls.id}`).set(learner.auth);
    expect(list.body).toHaveLength(1);
    expect(list.body[0].comment).toBe('Grew on me');
  });

  it('keeps one review when the same learner submits several at once', async () => {
    const cls = await makeClass(t, mentor);
    const learner = await enrolledLearner(cls);
    const statuses = await Promise.all(
      [1, 2, 3, 4, 5].map((rating) =>
        fetch(`${t.baseUrl}/api/reviews`, {
          method: 'POST',
          headers: { ...learner.auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ rating, classId: cls.id }),
        }).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    expect(await reviewRows(cls)).toBe(1);
  });

  it('lets an enrolled "both" account or another mentor review', async () => {
    const cls = await makeClass(t, mentor);
    for (const who of [await makeBoth(t, { verified: true }), await makeVerifiedMentor(t)]) {
      await enrol(t, cls, who);
      expect((await t.http.post('/api/reviews').set(who.auth).send({ rating: 3, classId: cls.id })).status).toBe(201);
    }
  });

  it("refuses users not enrolled and the class's mentor (403), signed-out callers (401)", async () => {
    const cls = await makeClass(t, mentor);
    await enrolledLearner(cls);
    for (const who of [await makeLearner(t), admin, await makeVerifiedMentor(t)]) {
      const res = await t.http.post('/api/reviews').set(who.auth).send({ rating: 1, classId: cls.id });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.server.reviewEnrolledOnly);
    }
    const own = await t.http.post('/api/reviews').set(mentor.auth).send({ rating: 5, classId: cls.id });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(MESSAGES.server.cannotReviewOwnClass);
    expect((await t.http.post('/api/reviews').send({ rating: 5, classId: cls.id })).status).toBe(401);
    expect(await reviewRows(cls)).toBe(0);
  });

  it('answers 400 for a bad rating, comment or missing class; 404 for unknown or malformed classes', async () => {
    const cls = await makeClass(t, mentor);
    const learner = await enrolledLearner(cls);
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: 0 }, 'rating'],
      [{ rating: 6 }, 'rating'],
      [{ rating: 4.5 }, 'rating'],
      [{ rating: '5' }, 'rating'],
      [{ rating: null }, 'rating'],
      [{ comment: 'x'.repeat(5001) }, 'comment'],
      [{ comment: 42 }, 'comment'],
      [{ classId: undefined }, 'classId'],
      [{ classId: '  ' }, 'classId'],
      [{ classId: 7 }, 'classId'],
    ];
    for (const [overrides, path] of cases) {
      const body = { rating: 5, comment: 'ok', classId: cls.id, ...overrides };
      const res = await t.http.post('/api/reviews').set(learner.auth).send(body);
      expect(res.status, JSON.stringify(overrides).slice(0, 60)).toBe(400);
      expect(res.body.errors[0].path).toBe(path);
    }
    for (const classId of [UNKNOWN_ID, 'not-an-id']) {
      const res = await t.http.post('/api/reviews').set(learner.auth).send({ rating: 5, classId });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MESSAGES.classDetail.notFound);
    }
    expect(await reviewRows(cls)).toBe(0);
    expect(
      (
        await t.http
          .post('/api/reviews')
          .set(learner.auth)
          .send({ comment: 'x'.repeat(5000), classId: cls.id })
      ).status,
    ).toBe(201);
  });
});

describe('GET /api/reviews/{classId}', () => {
  it('lists the reviews of a class newest first, with the reviewer', async () => {
    const cls = await makeClass(t, mentor);
    const [a, b, c] = [await enrolledLearner(cls), await enrolledLearner(cls), await enrolledLearner(cls)];
    await makeReview(t, cls, a, 3, 'first');
    await makeReview(t, cls, b, 4, 'second');
    await makeReview(t, cls, c, 5, 'third');
    const other = await makeClass(t, mentor);
    await enrol(t, other, a);
    await makeReview(t, other, a, 1, 'elsewhere');
    for (const who of [await makeLearner(t), mentor, admin]) {
      const res = await t.http.get(`/api/reviews/${cls.id}`).set(who.auth);
      expect(res.status).toBe(200);
      expect(res.body.map((r: { comment: string }) => r.comment)).toEqual(['third', 'second', 'first']);
      for (const r of res.body) reviewSchema.parse(r);
      expect(res.body[0].user).toEqual({ _id: c.user.id, name: c.user.name, profilePicture: '' });
    }
    // A replaced review is news: it moves to the top.
    await t.http.post('/api/reviews').set(a.auth).send({ rating: 2, comment: 'first, revised', classId: cls.id });
    const res = await t.http.get(`/api/reviews/${cls.id}`).set(a.auth);
    expect(res.body.map((r: { comment: string }) => r.comment)).toEqual(['first, revised', 'third', 'second']);
  });

  it('answers an empty list for a class without reviews, 404 for unknown or malformed ids, 401 signed out', async () => {
    const cls = await makeClass(t, mentor);
    const learner = await makeLearner(t);
    expect((await t.http.get(`/api/reviews/${cls.id}`).set(learner.auth)).body).toEqual([]);
    for (const id of [UNKNOWN_ID, 'nope']) {
      const res = await t.http.get(`/api/reviews/${id}`).set(learner.auth);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MESSAGES.classDetail.notFound);
    }
    expect((await t.http.get(`/api/reviews/${cls.id}`)).status).toBe(401);
  });
});

describe('GET /api/reviews/{classId}/average and the class rating', () => {
  it('averages the ratings (0 with none) and the class responses follow', async () => {
    const cls = await makeClass(t, mentor);
    const learner = await makeLearner(t);
    const average = async () => {
      const res = await t.http.get(`/api/reviews/${cls.id}/average`).set(learner.auth);
      expect(res.status).toBe(200);
      return averageRatingResponseSchema.parse(res.body);
    };
    const classRating = async () => {
      const res = await t.http.get(`/api/classes/${cls.id}`).set(learner.auth);
      return { rating: res.body.rating, reviewCount: res.body.reviewCount };
    };
    expect(await average()).toEqual({ averageRating: 0, count: 0 });
    expect(await classRating()).toEqual({ rating: null, reviewCount: 0 });
    const [a, b, c] = [await enrolledLearner(cls), await enrolledLearner(cls), await enrolledLearner(cls)];
    for (const [who, rating] of [
      [a, 4],
      [b, 5],
      [c, 3],
    ] as const) {
      expect((await t.http.post('/api/reviews').set(who.auth).send({ rating, classId: cls.id })).status).toBe(201);
    }
    expect(await average()).toEqual({ averageRating: 4, count: 3 });
    expect(await classRating()).toEqual({ rating: 4, reviewCount: 3 });
    await t.http.post('/api/reviews').set(c.auth).send({ rating: 1, classId: cls.id });
    const after = await average();
    expect(after.count).toBe(3);
    expect(after.averageRating).toBeCloseTo(10 / 3, 10);
    expect((await classRating()).rating).toBeCloseTo(10 / 3, 10);
  });

  it('answers 404 for unknown or malformed ids and 401 signed out', async () => {
    const learner = await makeLearner(t);
    expect((await t.http.get(`/api/reviews/${UNKNOWN_ID}/average`).set(learner.auth)).status).toBe(404);
    expect((await t.http.get('/api/reviews/bad/average').set(learner.auth)).status).toBe(404);
    expect((await t.http.get(`/api/reviews/${UNKNOWN_ID}/average`)).status).toBe(401);
  });
});
