import { classListResponseSchema, classSchema, MESSAGES } from '@mentora/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNKNOWN_ID } from '../../test/expectations.js';
import {
  classRequest,
  enrol,
  makeAdmin,
  makeBoth,
  makeClass,
  makeLearner,
  makeMentor,
  makeReview,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { classes, discussionReplies, discussions, enrolments, reviews } from '../db/schema.js';
import { encodeCursor } from '../http/pagination.js';

let t: TestServer;
let admin: TestUser;
let mentor: TestUser;
let learner: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await makeAdmin(t);
  mentor = await makeVerifiedMentor(t);
  learner = await makeLearner(t);
});
afterAll(() => t.close());

async function countClasses(): Promise<number> {
  const [row] = await t.ctx.db.select({ n: count() }).from(classes);
  return row?.n ?? 0;
}

/** Every class in the list for this search, walking all pages. */
async function listAll(user: TestUser, query: Record<string, string | number>) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const res: { status: number; body: unknown } = await t.http
      .get('/api/classes')
      .query({ ...query, ...(cursor ? { cursor } : {}) })
      .set(user.auth);
    expect(res.status).toBe(200);
    const page = classListResponseSchema.parse(res.body);
    ids.push(...page.classes.map((c) => c._id));
    cursor = page.nextCursor;
    if (!cursor) return ids;
  }
  throw new Error('pagination did not end');
}

describe('POST /api/classes', () => {
  it('creates a class for a verified mentor, who becomes its mentor', async () => {
    const res = await t.http
      .post('/api/classes')
      .set(mentor.auth)
      .send(classRequest({ title: '  Intro to TypeScript  ', tags: ' ts , types,, ,generics ', price: 19.99 }));
    expect(res.status).toBe(201);
    const created = classSchema.parse(res.body);
    expect(created).toMatchObject({
      title: 'Intro to TypeScript',
      tags: ['ts', 'types', 'generics'],
      price: 19.99,
      // The server's CURRENCY (default USD): every class answer says what its price is in.
      currency: 'USD',
      mentor: { _id: mentor.user.id, name: mentor.user.name },
      enrolledStudents: [],
      studentCount: 0,
      rating: null,
      reviewCount: 0,
      status: 'upcoming',
      live: false,
    });
    expect(res.body).not.toHaveProperty('liveRoom');
    expect(res.body).not.toHaveProperty('search');
    const detail = await t.http.get(`/api/classes/${created._id}`).set(learner.auth);
    expect(detail.body).toEqual(created);
  });

  it('accepts tags as a list (trimmed, empties dropped) and a start date', async () => {
    const res = await t.http
      .post('/api/classes')
      .set(mentor.auth)
      .send(classRequest({ tags: [' a ', '', 'b'], startDate: '2030-05-01T10:00:00+02:00' }));
    expect(res.status).toBe(201);
    expect(res.body.tags).toEqual(['a', 'b']);
    expect(res.body.startDate).toBe('2030-05-01T08:00:00.000Z');
  });

  it('lets a verified "both" account create classes', async () => {
    const both = await makeBoth(t, { verified: true });
    const res = await t.http.post('/api/classes').set(both.auth).send(classRequest());
    expect(res.status).toBe(201);
    expect(res.body.mentor._id).toBe(both.user.id);
  });

  it('refuses unverified mentors, learners and admins (403) and signed-out callers (401)', async () => {
    const before = await countClasses();
    const unverified = await makeMentor(t);
    const unverifiedBoth = await makeBoth(t);
    let res = await t.http.post('/api/classes').set(unverified.auth).send(classRequest());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.server.verifiedMentorOnly);
    expect((await t.http.post('/api/classes').set(unverifiedBoth.auth).send(classRequest())).status).toBe(403);
    res = await t.http.post('/api/classes').set(learner.auth).send(classRequest());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.createClass.accessDenied);
    expect((await t.http.post('/api/classes').set(admin.auth).send(classRequest())).status).toBe(403);
    expect((await t.http.post('/api/classes').send(classRequest())).status).toBe(401);
    expect(await countClasses()).toBe(before);
  });

  it('needs a content URL (http or https) for a video class; live and uploadable ones may do without', async () => {
    const bad = [
      { contentUrl: undefined },
      { contentUrl: '   ' },
      { contentUrl: 'not a url' },
      { contentUrl: 'ftp://files.example.test/x' },
      { contentUrl: 'javascript:alert(1)' },
      { contentType: 'uploadable', contentUrl: 'nope' },
      { contentType: 'live', contentUrl: 'nope' },
    ];
    for (const overrides of bad) {
      const res = await t.http.post('/api/classes').set(mentor.auth).send(classRequest(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain('contentUrl');
    }
    const live = await t.http
      .post('/api/classes')
      .set(mentor.auth)
      .send(classRequest({ contentType: 'live', contentUrl: undefined }));
    expect(live.status).toBe(201);
    expect(live.body.contentUrl).toBe('');
    // An uploadable class's files are its materials, uploaded once it exists (issue #26).
    const uploadable = await t.http
      .post('/api/classes')
      .set(mentor.auth)
      .send(classRequest({ contentType: 'uploadable', contentUrl: '' }));
    expect(uploadable.status).toBe(201);
    const http = await t.http
      .post('/api/classes')
      .set(mentor.auth)
      .send(classRequest({ contentType: 'uploadable', contentUrl: 'http://files.example.test/notes.pdf' }));
    expect(http.status).toBe(201);
  });

  it('checks price (at least 0, steps of 0.01) and maxStudents (a whole number, at least 1)', async () => {
    const bad: Record<string, unknown>[] = [
      { price: -1 },
      { price: -0.01 },
      { price: 10.005 },
      { price: '10' },
      { price: null },
      { maxStudents: 0 },
      { maxStudents: -3 },
      { maxStudents: 1.5 },
      { maxStudents: '5' },
    ];
    for (const overrides of bad) {
      const res = await t.http.post('/api/classes').set(mentor.auth).send(classRequest(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.errors[0].path).toBe(Object.keys(overrides)[0]);
    }
    for (const overrides of [
      { price: 0 },
      { price: 0.01 },
      { price: 12.5 },
      { maxStudents: 1 },
      { maxStudents: null },
    ]) {
      const res = await t.http.post('/api/classes').set(mentor.auth).send(classRequest(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(201);
      const [key, value] = Object.entries(overrides)[0] as [string, unknown];
      expect(res.body[key]).toBe(value);
    }
  });

  it('answers 400 naming the field for missing, blank, too long or wrongly typed fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: undefined }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 42 }, 'title'],
      [{ description: undefined }, 'description'],
      [{ description: '' }, 'description'],
      [{ category: undefined }, 'category'],
      [{ category: 'cooking' }, 'category'],
      [{ contentType: undefined }, 'contentType'],
      [{ contentType: 'podcast' }, 'contentType'],
      [{ isPaid: 'yes' }, 'isPaid'],
      [{ tags: 42 }, 'tags'],
      [{ tags: Array.from({ length: 21 }, (_, i) => `tag${i}`) }, 'tags'],
      [{ tags: ['x'.repeat(41)] }, 'tags.0'],
      [{ startDate: 'next tuesday' }, 'startDate'],
      [{ schedule: 'x'.repeat(2001) }, 'schedule'],
    ];
    for (const [overrides, path] of cases) {
      const res = await t.http.post('/api/classes').set(mentor.auth).send(classRequest(overrides));
      expect(res.status, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const empty = await t.http.post('/api/classes').set(mentor.auth).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['title', 'description', 'category', 'contentType']),
    );
    expect((await t.http.post('/api/classes').set(mentor.auth).send([1, 2])).status).toBe(400);
    const malformed = await t.http
      .post('/api/classes')
      .set(mentor.auth)
      .set('Content-Type', 'application/json')
      .send('{"title": ');
    expect(malformed.status).toBe(400);
  });
});

describe('GET /api/classes/{id}', () => {
  it('answers any signed-in user with the class, its enrolled students, status, counts and rating', async () => {
    const cls = await makeClass(t, mentor, { status: 'ongoing' });
    const [a, b] = [await makeLearner(t), await makeLearner(t)];
    await enrol(t, cls, a);
    await enrol(t, cls, b);
    await makeReview(t, cls, a, 4);
    await makeReview(t, cls, b, 5);
    for (const who of [learner, a, mentor, admin]) {
      const res = await t.http.get(`/api/classes/${cls.id}`).set(who.auth);
      expect(res.status).toBe(200);
      const body = classSchema.parse(res.body);
      expect(body.enrolledStudents?.sort()).toEqual([a.user.id, b.user.id].sort());
      expect(body).toMatchObject({ status: 'ongoing', studentCount: 2, rating: 4.5, reviewCount: 2 });
      expect(body.mentor).toEqual({ _id: mentor.user.id, name: mentor.user.name, profilePicture: '' });
    }
  });

  it('answers 404 "Class not found" for unknown and malformed ids, 401 signed out', async () => {
    for (const id of [UNKNOWN_ID, 'not-an-id', '1', `${UNKNOWN_ID}x`]) {
      const res = await t.http.get(`/api/classes/${id}`).set(learner.auth);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MESSAGES.classDetail.notFound);
    }
    const cls = await makeClass(t, mentor);
    expect((await t.http.get(`/api/classes/${cls.id}`)).status).toBe(401);
  });
});

describe('PUT /api/classes/{id}', () => {
  it("lets the class's mentor change every field, including status", async () => {
    const cls = await makeClass(t, mentor, { title: 'Before' });
    const res = await t.http
      .put(`/api/classes/${cls.id}`)
      .set(mentor.auth)
      .send(classRequest({ title: 'After', category: 'design', tags: 'x, y', maxStudents: 3, status: 'ongoing' }));
    expect(res.status).toBe(200);
    expect(classSchema.parse(res.body)).toMatchObject({
      _id: cls.id,
      title: 'After',
      category: 'design',
      tags: ['x', 'y'],
      maxStudents: 3,
      status: 'ongoing',
      mentor: { _id: mentor.user.id },
    });
    expect(res.body.enrolledStudents).toEqual([]);
    // Status is kept when a later update leaves it out, and can move on to completed.
    const again = await t.http
      .put(`/api/classes/${cls.id}`)
      .set(mentor.auth)
      .send(classRequest({ title: 'Again' }));
    expect(again.body.status).toBe('ongoing');
    const done = await t.http
      .put(`/api/classes/${cls.id}`)
      .set(mentor.auth)
      .send(classRequest({ status: 'completed' }));
    expect(done.body.status).toBe('completed');
    expect((await t.http.get(`/api/classes/${cls.id}`).set(learner.auth)).body.status).toBe('completed');
    const bad = await t.http
      .put(`/api/classes/${cls.id}`)
      .set(mentor.auth)
      .send(classRequest({ status: 'cancelled' }));
    expect(bad.status).toBe(400);
  });

  it('applies the create rules', async () => {
    const cls = await makeClass(t, mentor);
    for (const overrides of [
      { contentUrl: '' },
      { contentUrl: 'ftp://x.example.test' },
      { price: -5 },
      { price: 1.234 },
      { maxStudents: 0 },
      { title: '' },
      { category: 'cooking' },
    ]) {
      const res = await t.http.put(`/api/classes/${cls.id}`).set(mentor.auth).send(classRequest(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
    }
    const live = await t.http
      .put(`/api/classes/${cls.id}`)
      .set(mentor.auth)
      .send(classRequest({ contentType: 'live', contentUrl: '' }));
    expect(live.status).toBe(200);
    for (const contentUrl of ['javascript:alert(1)', 'not a url']) {
      const res = await t.http
        .put(`/api/classes/${cls.id}`)
        .set(mentor.auth)
        .send(classRequest({ contentType: 'live', contentUrl }));
      expect(res.status, contentUrl).toBe(400);
      expect(res.body.errors[0].path).toBe('contentUrl');
    }
  });

  it('refuses to set maxStudents below the number already enrolled', async () => {
    const cls = await makeClass(t, mentor, { maxStudents: 10 });
    for (let i = 0; i < 3; i++) await enrol(t, cls, await makeLearner(t));
    const res = await t.http
      .put(`/api/classes/${cls.id}`)
      .set(mentor.auth)
      .send(classRequest({ maxStudents: 2 }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.server.maxStudentsBelowEnrolled(3));
    expect(res.body.errors[0].path).toBe('maxStudents');
    const [row] = await t.ctx.db.select().from(classes).where(eq(classes.id, cls.id));
    expect(row?.maxStudents).toBe(10);
    expect(
      (
        await t.http
          .put(`/api/classes/${cls.id}`)
          .set(mentor.auth)
          .send(classRequest({ maxStudents: 3 }))
      ).status,
    ).toBe(200);
    expect(
      (
        await t.http
          .put(`/api/classes/${cls.id}`)
          .set(mentor.auth)
          .send(classRequest({ maxStudents: null }))
      ).status,
    ).toBe(200);
  });

  it('refuses everyone but its mentor (403), 404 for unknown or malformed ids, 401 signed out', async () => {
    const cls = await makeClass(t, mentor, { title: 'Untouched' });
    const enrolled = await makeLearner(t);
    await enrol(t, cls, enrolled);
    const others = [admin, learner, enrolled, await makeVerifiedMentor(t), await makeBoth(t, { verified: true })];
    for (const who of others) {
      const res = await t.http
        .put(`/api/classes/${cls.id}`)
        .set(who.auth)
        .send(classRequest({ title: 'Hijacked' }));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.server.classMentorOnly);
    }
    expect((await t.http.put(`/api/classes/${cls.id}`).send(classRequest())).status).toBe(401);
    expect((await t.http.put(`/api/classes/${UNKNOWN_ID}`).set(mentor.auth).send(classRequest())).status).toBe(404);
    expect((await t.http.put('/api/classes/nope').set(mentor.auth).send(classRequest())).status).toBe(404);
    const [row] = await t.ctx.db.select().from(classes).where(eq(classes.id, cls.id));
    expect(row?.title).toBe('Untouched');
  });
});

describe('DELETE /api/classes/{id}', () => {
  async function classWithEverything() {
    const cls = await makeClass(t, mentor);
    const a = await makeLearner(t);
    await enrol(t, cls, a);
    await makeReview(t, cls, a, 3);
    const [d] = await t.ctx.db
      .insert(discussions)
      .values({ classId: cls.id, authorId: a.user.id, title: 'Question', content: 'How?' })
      .returning();
    await t.ctx.db
      .insert(discussionReplies)
      .values({ discussionId: d?.id as string, authorId: mentor.user.id, content: 'Like this.' });
    return { cls, discussionId: d?.id as string };
  }

  async function leftovers(classId: string, discussionId: string) {
    const n = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? -1;
    return {
      classes: await n(t.ctx.db.select({ n: count() }).from(classes).where(eq(classes.id, classId))),
      enrolments: await n(t.ctx.db.select({ n: count() }).from(enrolments).where(eq(enrolments.classId, classId))),
      reviews: await n(t.ctx.db.select({ n: count() }).from(reviews).where(eq(reviews.classId, classId))),
      discussions: await n(t.ctx.db.select({ n: count() }).from(discussions).where(eq(discussions.classId, classId))),
      replies: await n(
        t.ctx.db.select({ n: count() }).from(discussionReplies).where(eq(discussionReplies.discussionId, discussionId)),
      ),
    };
  }

  it('lets its mentor delete it, with its enrolments, reviews and discussions', async () => {
    const { cls, discussionId } = await classWithEverything();
    expect(await leftovers(cls.id, discussionId)).toEqual({
      classes: 1,
      enrolments: 1,
      reviews: 1,
      discussions: 1,
      replies: 1,
    });
    const res = await t.http.delete(`/api/classes/${cls.id}`).set(mentor.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.classDetail.deleted });
    expect(await leftovers(cls.id, discussionId)).toEqual({
      classes: 0,
      enrolments: 0,
      reviews: 0,
      discussions: 0,
      replies: 0,
    });
    expect((await t.http.get(`/api/classes/${cls.id}`).set(mentor.auth)).status).toBe(404);
    expect((await t.http.delete(`/api/classes/${cls.id}`).set(mentor.auth)).status).toBe(404);
  });

  it('lets an admin delete any class', async () => {
    const { cls, discussionId } = await classWithEverything();
    expect((await t.http.delete(`/api/classes/${cls.id}`).set(admin.auth)).status).toBe(200);
    expect(Object.values(await leftovers(cls.id, discussionId))).toEqual([0, 0, 0, 0, 0]);
  });

  it('refuses other users (403), unknown or malformed ids (404) and signed-out callers (401)', async () => {
    const cls = await makeClass(t, mentor);
    const enrolled = await makeLearner(t);
    await enrol(t, cls, enrolled);
    for (const who of [learner, enrolled, await makeVerifiedMentor(t), await makeBoth(t, { verified: true })]) {
      const res = await t.http.delete(`/api/classes/${cls.id}`).set(who.auth);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.server.classMentorOrAdminOnly);
    }
    expect((await t.http.delete(`/api/classes/${cls.id}`)).status).toBe(401);
    expect((await t.http.delete(`/api/classes/${UNKNOWN_ID}`).set(admin.auth)).status).toBe(404);
    expect((await t.http.delete('/api/classes/x').set(admin.auth)).status).toBe(404);
    expect((await t.http.get(`/api/classes/${cls.id}`).set(learner.auth)).status).toBe(200);
  });
});

describe('GET /api/classes', () => {
  it('lists newest first with counts, rating, mentor and live state, in the contract shape', async () => {
    const older = await makeClass(t, mentor, { tags: ['listshape'] });
    const newer = await makeClass(t, mentor, { tags: ['listshape'], contentType: 'live', contentUrl: '' });
    const [a, b, c] = [await makeLearner(t), await makeLearner(t), await makeLearner(t)];
    for (const who of [a, b, c]) await enrol(t, older, who);
    await makeReview(t, older, a, 4);
    await makeReview(t, older, b, 5);
    await makeReview(t, older, c, 5);
    await t.ctx.db.update(classes).set({ liveStartedAt: new Date() }).where(eq(classes.id, newer.id));
    const res = await t.http.get('/api/classes').query({ search: 'listshape' }).set(learner.auth);
    expect(res.status).toBe(200);
    const body = classListResponseSchema.parse(res.body);
    expect(body.nextCursor).toBeNull();
    expect(body.classes.map((x) => x._id)).toEqual([newer.id, older.id]);
    const [first, second] = body.classes;
    expect(first).toMatchObject({ studentCount: 0, rating: null, reviewCount: 0, live: true });
    expect(second).toMatchObject({ studentCount: 3, reviewCount: 3, live: false });
    expect(second?.rating).toBeCloseTo(14 / 3, 10);
    expect(second?.mentor).toEqual({ _id: mentor.user.id, name: mentor.user.name, profilePicture: '' });
    // Lists stay light: the ids of enrolled students come with the detail only.
    expect(second).not.toHaveProperty('enrolledStudents');
  });

  it('answers 401 signed out', async () => {
    expect((await t.http.get('/api/classes')).status).toBe(401);
  });

  describe('pagination', () => {
    let ids: string[];
    beforeAll(async () => {
      ids = [];
      for (let i = 0; i < 25; i++) ids.unshift((await makeClass(t, mentor, { tags: ['pagetest'] })).id);
    });

    it('returns 20 by default with a cursor to the next page', async () => {
      const res = await t.http.get('/api/classes').query({ search: 'pagetest' }).set(learner.auth);
      expect(res.body.classes).toHaveLength(20);
      expect(res.body.classes.map((c: { _id: string }) => c._id)).toEqual(ids.slice(0, 20));
      const next = await t.http
        .get('/api/classes')
        .query({ search: 'pagetest', cursor: res.body.nextCursor })
        .set(learner.auth);
      expect(next.body.classes.map((c: { _id: string }) => c._id)).toEqual(ids.slice(20));
      expect(next.body.nextCursor).toBeNull();
    });

    it('walks every page without duplicates or gaps, for any page size', async () => {
      for (const limit of [1, 7, 24, 25, 100]) {
        expect(await listAll(learner, { search: 'pagetest', limit })).toEqual(ids);
      }
    });

    it('stays stable when classes are added between pages', async () => {
      const first = await t.http.get('/api/classes').query({ search: 'pagetest', limit: 10 }).set(learner.auth);
      const added = await makeClass(t, mentor, { tags: ['pagetest'] });
      const seen = first.body.classes.map((c: { _id: string }) => c._id);
      let cursor = first.body.nextCursor;
      while (cursor) {
        const res = await t.http.get('/api/classes').query({ search: 'pagetest', limit: 10, cursor }).set(learner.auth);
        seen.push(...res.body.classes.map((c: { _id: string }) => c._id));
        cursor = res.body.nextCursor;
      }
      expect(seen).toEqual(ids);
      await t.ctx.db.delete(classes).where(eq(classes.id, added.id));
    });

    it('orders classes made within the same millisecond without skipping any', async () => {
      const same: string[] = [];
      for (let i = 0; i < 6; i++) same.push((await makeClass(t, mentor, { tags: ['sametime'] })).id);
      // Six rows inside one millisecond, microseconds apart, two of them at exactly the same instant.
      const microseconds = [100, 300, 300, 500, 200, 900];
      for (const [i, id] of same.entries()) {
        await t.ctx.db.execute(sql`
          update ${classes}
             set created_at = '2031-01-01T00:00:00.123Z'::timestamptz + ${microseconds[i]} * interval '1 microsecond'
           where id = ${id}`);
      }
      const expected = (
        await t.ctx.db.execute<{ id: string }>(
          sql`select id from ${classes} where 'sametime' = any(${classes.tags}) order by created_at desc, id desc`,
        )
      ).rows.map((r) => r.id);
      expect(new Set(expected)).toEqual(new Set(same));
      expect(await listAll(learner, { search: 'sametime', limit: 1 })).toEqual(expected);
      expect(await listAll(learner, { search: 'sametime', limit: 4 })).toEqual(expected);
    });

    it('answers 400 for a limit outside 1-100 and for cursors it did not make', async () => {
      for (const limit of ['0', '101', '-1', 'ten', '2.5']) {
        const res = await t.http.get('/api/classes').query({ limit }).set(learner.auth);
        expect(res.status, limit).toBe(400);
        expect(res.body.errors[0].path).toBe('limit');
      }
      expect((await t.http.get('/api/classes').query({ limit: 100 }).set(learner.auth)).status).toBe(200);
      for (const cursor of ['garbage!', 'bm90LWEtY3Vyc29y', Buffer.from('2020-01-01|x').toString('base64url')]) {
        const res = await t.http.get('/api/classes').query({ cursor }).set(learner.auth);
        expect(res.status, cursor).toBe(400);
      }
      // A well-formed cursor whose class has since been deleted still pages on from its time.
      const gone = encodeCursor({ createdAt: new Date(Date.now() + 60_000), id: UNKNOWN_ID });
      const res = await t.http.get('/api/classes').query({ search: 'pagetest', cursor: gone }).set(learner.auth);
      expect(res.status).toBe(200);
      expect(res.body.classes).toHaveLength(20);
    });
  });

  describe('search', () => {
    beforeAll(async () => {
      await makeClass(t, mentor, { title: 'Kubernetes for beginners', description: 'Containers and pods.' });
      await makeClass(t, mentor, { title: 'Watercolour basics', description: 'Painting landscapes with brushes.' });
      await makeClass(t, mentor, { title: 'Cooking nothing', description: 'A quiet class.', tags: ['sourdough'] });
    });
    const titles = async (search: string) => {
      const res = await t.http.get('/api/classes').query({ search }).set(learner.auth);
      expect(res.status, search).toBe(200);
      return res.body.classes.map((c: { title: string }) => c.title);
    };

    it('matches words of the title, the description and the tags, with English stemming', async () => {
      expect(await titles('kubernetes')).toEqual(['Kubernetes for beginners']);
      expect(await titles('KUBERNETES beginner')).toEqual(['Kubernetes for beginners']);
      expect(await titles('landscape')).toEqual(['Watercolour basics']);
      expect(await titles('painted')).toEqual(['Watercolour basics']);
      expect(await titles('sourdough')).toEqual(['Cooking nothing']);
      expect(await titles('kubernetes or sourdough')).toEqual(['Cooking nothing', 'Kubernetes for beginners']);
      expect(await titles('kubernetes -pods')).toEqual([]);
    });

    it('matches the start of a tag’s words, as the search box promises ("Title, description or tag")', async () => {
      await makeClass(t, mentor, { title: 'Web pages', description: 'Browsers.', tags: ['javascript', 'front-end'] });
      expect(await titles('java')).toEqual(['Web pages']);
      expect(await titles('front')).toEqual(['Web pages']);
      expect(await titles('front-e')).toEqual(['Web pages']);
    });

    it('ranks title and tag matches above classes that only mention the text, then newest first', async () => {
      const titled = await makeClass(t, mentor, { title: 'Haskell', description: 'Types.' });
      const tagged = await makeClass(t, mentor, { title: 'Pure functions', description: 'Purity.', tags: ['haskell'] });
      const mentions = await makeClass(t, mentor, { title: 'Compilers', description: 'Written in Haskell.' });
      const newer = await makeClass(t, mentor, { title: 'Parsers', description: 'We use haskell here.' });
      expect(await titles('haskell')).toEqual(['Pure functions', 'Haskell', 'Parsers', 'Compilers']);
      // Page by page, the same order, each class once.
      expect(await listAll(learner, { search: 'haskell', limit: 1 })).toEqual(
        [tagged, titled, newer, mentions].map((c) => c.id),
      );
      expect(await listAll(learner, { search: 'haskell', limit: 3 })).toEqual(
        [tagged, titled, newer, mentions].map((c) => c.id),
      );
    });

    it('matches the start of a word and one word with a typo (db/search.ts, as GET /api/search does)', async () => {
      expect(await titles('kube')).toEqual(['Kubernetes for beginners']);
      expect(await titles('WATERC')).toEqual(['Watercolour basics']);
      expect(await titles('landsc')).toEqual(['Watercolour basics']);
      // A typo: two letters swapped, one missing.
      expect(await titles('kuberentes')).toEqual(['Kubernetes for beginners']);
      expect(await titles('watercolor')).toEqual(['Watercolour basics']);
      // Short words are not taken for typos: "cook" is exact, not "book" or "look".
      expect(await titles('cook')).toEqual(['Cooking nothing']);
      expect(await titles('ook')).toEqual([]);
    });

    it('finds classes made through the API and follows their updates', async () => {
      const res = await t.http
        .post('/api/classes')
        .set(mentor.auth)
        .send(classRequest({ title: 'Quantum flamingos', tags: 'zebrafish' }));
      expect(await titles('flamingo')).toEqual(['Quantum flamingos']);
      expect(await titles('zebrafish')).toEqual(['Quantum flamingos']);
      await t.http
        .put(`/api/classes/${res.body._id}`)
        .set(mentor.auth)
        .send(classRequest({ title: 'Classical ostriches', description: 'Birds.', tags: [] }));
      expect(await titles('flamingo')).toEqual([]);
      expect(await titles('zebrafish')).toEqual([]);
      expect(await titles('ostrich')).toEqual(['Classical ostriches']);
    });

    it('returns an empty list when nothing matches, and never fails on odd input', async () => {
      expect(await titles('xylophonist')).toEqual([]);
      // Stop words match nothing in full text; "the" alone is the start of words (a prefix), not odd.
      for (const odd of ['the and of a', '!!!', '"', '"unclosed', '& | ! ( ) :*', "'; drop table classes; --", '-']) {
        expect(await titles(odd)).toEqual([]);
      }
      // A blank search is no search.
      const all = await t.http.get('/api/classes').query({ search: '   ' }).set(learner.auth);
      expect(all.body.classes.length).toBeGreaterThan(0);
      expect(
        (
          await t.http
            .get('/api/classes')
            .query({ search: 'x'.repeat(201) })
            .set(learner.auth)
        ).status,
      ).toBe(400);
    });
  });

  describe('category and filters', () => {
    let other: TestUser;
    let member: TestUser;
    let design: string;
    let business: string;
    let othersDesign: string;
    beforeAll(async () => {
      other = await makeVerifiedMentor(t);
      member = await makeLearner(t);
      design = (await makeClass(t, mentor, { category: 'design', tags: ['filtertest'] })).id;
      business = (await makeClass(t, mentor, { category: 'business', tags: ['filtertest'] })).id;
      const theirs = await makeClass(t, other, { category: 'design', tags: ['filtertest'] });
      othersDesign = theirs.id;
      await enrol(t, theirs, member);
    });
    const ids = async (user: TestUser, query: Record<string, string>) => {
      const res = await t.http
        .get('/api/classes')
        .query({ search: 'filtertest', ...query })
        .set(user.auth);
      expect(res.status).toBe(200);
      return res.body.classes.map((c: { _id: string }) => c._id);
    };

    it('filters by category', async () => {
      expect(await ids(learner, { category: 'design' })).toEqual([othersDesign, design]);
      expect(await ids(learner, { category: 'business' })).toEqual([business]);
      expect(await ids(learner, { category: 'personal development' })).toEqual([]);
      expect((await t.http.get('/api/classes').query({ category: 'cooking' }).set(learner.auth)).status).toBe(400);
    });

    it('filters all, enrolled and created', async () => {
      expect(await ids(member, {})).toEqual([othersDesign, business, design]);
      expect(await ids(member, { filter: 'all' })).toEqual([othersDesign, business, design]);
      expect(await ids(member, { filter: 'enrolled' })).toEqual([othersDesign]);
      expect(await ids(learner, { filter: 'enrolled' })).toEqual([]);
      expect(await ids(mentor, { filter: 'created' })).toEqual([business, design]);
      expect(await ids(other, { filter: 'created', category: 'design' })).toEqual([othersDesign]);
      expect(await ids(await makeMentor(t), { filter: 'created' })).toEqual([]);
      expect((await t.http.get('/api/classes').query({ filter: 'mine' }).set(member.auth)).status).toBe(400);
    });

    it('answers 403 to filter=created from non-mentors (learners, admins)', async () => {
      for (const who of [member, admin]) {
        const res = await t.http.get('/api/classes').query({ filter: 'created' }).set(who.auth);
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(MESSAGES.server.mentorOnly);
      }
    });
  });

  it('reads a page in a fixed number of queries, however many classes it holds', async () => {
    for (let i = 0; i < 12; i++) {
      const cls = await makeClass(t, mentor, { tags: ['querycount'] });
      const who = await makeLearner(t);
      await enrol(t, cls, who);
      await makeReview(t, cls, who, 4);
    }
    const { database } = t.ctx;
    const target = database.pool ?? database.pglite;
    if (!target) throw new Error('no database client to observe');
    const spy = vi.spyOn(target, 'query');
    const queriesFor = async (limit: number) => {
      spy.mockClear();
      const res = await t.http.get('/api/classes').query({ search: 'querycount', limit }).set(learner.auth);
      expect(res.body.classes).toHaveLength(limit);
      return spy.mock.calls.length;
    };
    try {
      const small = await queriesFor(1);
      const large = await queriesFor(12);
      expect(large).toBe(small);
      expect(small).toBeGreaterThan(0);
      expect(small).toBeLessThanOrEqual(2); // the session lookup and the page
    } finally {
      spy.mockRestore();
    }
  });
});
