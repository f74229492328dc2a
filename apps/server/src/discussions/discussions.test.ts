import { allDiscussionsResponseSchema, type Discussion, discussionSchema, LIMITS, MESSAGES } from '@mentora/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, expectAnalysedAs, expectStoredAs, UNKNOWN_ID } from '../../test/expectations.js';
import {
  enrol,
  makeAdmin,
  makeBoth,
  makeClass,
  makeClassWithLearners,
  makeDiscussion,
  makeDiscussionReply,
  makeLearner,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { discussionReplies, discussions, notifications, users } from '../db/schema.js';

let t: TestServer;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

const ids = (list: { _id: string }[]) => list.map((d) => d._id);

/** Follows X-Next-Cursor to the end; every page must be a valid array of discussions. */
async function allPages(path: string, who: TestUser, limit: number): Promise<{ items: Discussion[]; pages: number }> {
  const items: Discussion[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res = await t.http.get(`${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`).set(who.auth);
    expect(res.status).toBe(200);
    const page = (path.startsWith('/api/discussions/all') ? res.body.discussions : res.body) as Discussion[];
    expect(page.length).toBeLessThanOrEqual(limit);
    items.push(...page);
    cursor = res.headers['x-next-cursor'];
    pages += 1;
  } while (cursor && pages < 100);
  return { items, pages };
}

describe('POST /api/discussions', () => {
  it('lets an enrolled learner start one, with sentiment and moderation computed and stored', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 1);
    const learner = learners[0] as TestUser;
    const body = { title: '  I love this class  ', content: 'The lessons are wonderful and clear. Thank you!' };
    const res = await t.http
      .post('/api/discussions')
      .set(learner.auth)
      .send({ ...body, classId: cls.id });
    expect(res.status).toBe(201);
    const d = discussionSchema.parse(res.body);
    expect(d).toMatchObject({
      title: 'I love this class',
      content: body.content,
      classId: { _id: cls.id, title: cls.title },
      author: { _id: learner.user.id, name: learner.user.name, profilePicture: learner.user.profilePicture },
      replies: [],
      replyCount: 0,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/email|passwordHash/);
    const text = `I love this class\n${body.content}`;
    expect(d.sentiment.label).toBe('POSITIVE');
    expect(d.moderation).toEqual({ flagged: false, reason: null });
    expectAnalysedAs(d, text);
    const [row] = await t.ctx.db.select().from(discussions).where(eq(discussions.id, d._id));
    expectStoredAs(row, text);
    expect(row?.search).toBeTruthy();
  });

  it('flags hostile text the way analyseText does, on the stored row too', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 1);
    const learner = learners[0] as TestUser;
    const body = { title: 'This is garbage', content: 'What a stupid idea, you idiot. This course is awful.' };
    const res = await t.http
      .post('/api/discussions')
      .set(learner.auth)
      .send({ ...body, classId: cls.id });
    expect(res.status).toBe(201);
    expect(res.body.sentiment.label).toBe('NEGATIVE');
    expect(res.body.moderation.flagged).toBe(true);
    expect(res.body.moderation.reason).toEqual(expect.any(String));
    expect(res.body.moderation.reason).not.toMatch(/idiot/i);
    expectAnalysedAs(res.body, `${body.title}\n${body.content}`);
    const [row] = await t.ctx.db.select().from(discussions).where(eq(discussions.id, res.body._id));
    expectStoredAs(row, `${body.title}\n${body.content}`);
  });

  it("lets the class's mentor and an enrolled 'both' user start one", async () => {
    const { mentor, cls } = await makeClassWithLearners(t, 0);
    const both = await makeBoth(t);
    await enrol(t, cls, both);
    for (const who of [mentor, both]) {
      const res = await t.http
        .post('/api/discussions')
        .set(who.auth)
        .send({ title: 'Hello', content: 'Hi all', classId: cls.id });
      expect(res.status).toBe(201);
      expect(res.body.author._id).toBe(who.user.id);
    }
  });

  it('answers 403 to a learner not enrolled, another mentor and an admin, and stores nothing', async () => {
    const { cls } = await makeClassWithLearners(t, 1);
    for (const who of [await makeLearner(t), await makeVerifiedMentor(t), admin]) {
      const res = await t.http
        .post('/api/discussions')
        .set(who.auth)
        .send({ title: 'Hello', content: 'Hi', classId: cls.id });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: MESSAGES.createDiscussion.mustEnrolToStart, requestId: expect.any(String) });
    }
    expect(await countRows(t, discussions, sql`class_id = ${cls.id}`)).toBe(0);
  });

  it('answers 401 signed out, 404 for an unknown or malformed class', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 1);
    const learner = learners[0] as TestUser;
    expect((await t.http.post('/api/discussions').send({ title: 'a', content: 'b', classId: cls.id })).status).toBe(
      401,
    );
    for (const classId of [UNKNOWN_ID, 'not-an-id', "1' or '1'='1"]) {
      const res = await t.http.post('/api/discussions').set(learner.auth).send({ title: 'a', content: 'b', classId });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MESSAGES.classDetail.notFound);
    }
  });

  it('answers 400 naming the field for blank, too long, missing or mistyped input', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 1);
    const learner = learners[0] as TestUser;
    const good = { title: 'Title', content: 'Content', classId: cls.id };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, title: '   ' }, 'title'],
      [{ ...good, title: '' }, 'title'],
      [{ ...good, content: ' \n\t ' }, 'content'],
      [{ ...good, title: 'x'.repeat(LIMITS.title.max + 1) }, 'title'],
      [{ ...good, content: 'x'.repeat(LIMITS.content.max + 1) }, 'content'],
      [{ ...good, title: 42 }, 'title'],
      [{ ...good, content: ['a'] }, 'content'],
      [{ title: 'Title', content: 'Content' }, 'classId'],
      [{ ...good, classId: '  ' }, 'classId'],
      [{ ...good, classId: 7 }, 'classId'],
    ];
    for (const [body, path] of cases) {
      const res = await t.http.post('/api/discussions').set(learner.auth).send(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const notObject = await t.http.post('/api/discussions').set(learner.auth).send([1, 2]);
    expect(notObject.status).toBe(400);
    const malformed = await t.http
      .post('/api/discussions')
      .set(learner.auth)
      .set('Content-Type', 'application/json')
      .send('{"title":');
    expect(malformed.status).toBe(400);
    expect(await countRows(t, discussions, sql`class_id = ${cls.id}`)).toBe(0);
    // At the limits exactly, it is accepted.
    const atLimit = await t.http
      .post('/api/discussions')
      .set(learner.auth)
      .send({ ...good, title: 'x'.repeat(LIMITS.title.max), content: 'y'.repeat(LIMITS.content.max) });
    expect(atLimit.status).toBe(201);
  });
});

describe('GET /api/discussions', () => {
  it("lists, newest first, the discussions of the caller's classes (enrolled or mentored) and no others", async () => {
    const { mentor, cls: a, learners } = await makeClassWithLearners(t, 1);
    const learner = learners[0] as TestUser;
    const b = await makeClass(t, await makeVerifiedMentor(t));
    await enrol(t, b, learner);
    const other = await makeClassWithLearners(t, 1);
    const d1 = await makeDiscussion(t, learner, a);
    const d2 = await makeDiscussion(t, learner, b);
    const d3 = await makeDiscussion(t, mentor, a);
    const foreign = await makeDiscussion(t, other.learners[0] as TestUser, other.cls);

    const res = await t.http.get('/api/discussions').set(learner.auth);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    for (const item of res.body) discussionSchema.parse(item);
    expect(ids(res.body)).toEqual([d3._id, d2._id, d1._id]);
    expect(ids(res.body)).not.toContain(foreign._id);
    expect(res.body[1].classId).toEqual({ _id: b.id, title: b.title });

    // The class's mentor sees their class only.
    const asMentor = await t.http.get('/api/discussions').set(mentor.auth);
    expect(ids(asMentor.body)).toEqual([d3._id, d1._id]);
  });

  it('gives list items a reply count and whether the caller replied, but no reply bodies', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 2);
    const [a, b] = learners as [TestUser, TestUser];
    const d = await makeDiscussion(t, a, cls);
    await makeDiscussionReply(t, b, d, 'first');
    await makeDiscussionReply(t, mentor, d, 'second');
    const asB = (await t.http.get(`/api/discussions?classId=${cls.id}`).set(b.auth)).body;
    expect(asB[0]).toMatchObject({ _id: d._id, replyCount: 2, replies: [], repliedByMe: true });
    const asA = (await t.http.get(`/api/discussions?classId=${cls.id}`).set(a.auth)).body;
    expect(asA[0]).toMatchObject({ replyCount: 2, repliedByMe: false });
  });

  it('lists every discussion for an admin, even of classes they are not part of', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 1);
    const d = await makeDiscussion(t, learners[0] as TestUser, cls);
    const res = await t.http.get('/api/discussions?limit=100').set(admin.auth);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toContain(d._id);
  });

  it('answers 403 "You are not enrolled in any classes" to a caller with no class at all', async () => {
    for (const who of [await makeLearner(t), await makeVerifiedMentor(t), await makeBoth(t)]) {
      for (const query of ['', '?search=anything', '?limit=5']) {
        const res = await t.http.get(`/api/discussions${query}`).set(who.auth);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: MESSAGES.discussions.notEnrolledAny, requestId: expect.any(String) });
      }
    }
  });

  it('answers 200 [] to a caller whose classes have no discussions yet', async () => {
    const { mentor, learners } = await makeClassWithLearners(t, 1);
    for (const who of [mentor, learners[0] as TestUser]) {
      const res = await t.http.get('/api/discussions').set(who.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
  });

  it('filters by classId for members; 403 for other classes; 404 for unknown or malformed ids', async () => {
    const { mentor, cls: a, learners } = await makeClassWithLearners(t, 1);
    const learner = learners[0] as TestUser;
    const b = await makeClass(t, mentor);
    await enrol(t, b, learner);
    const inA = await makeDiscussion(t, learner, a);
    const inB = await makeDiscussion(t, learner, b);
    for (const who of [learner, mentor, admin]) {
      const res = await t.http.get(`/api/discussions?classId=${a.id}`).set(who.auth);
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual([inA._id]);
    }
    // An empty classId means no filter.
    expect(ids((await t.http.get('/api/discussions?classId=').set(learner.auth)).body)).toEqual([inB._id, inA._id]);

    const other = await makeClassWithLearners(t, 1);
    for (const who of [learner, mentor, await makeVerifiedMentor(t), await makeLearner(t)]) {
      const res = await t.http.get(`/api/discussions?classId=${other.cls.id}`).set(who.auth);
      expect(res.status).toBe(403);
      expect(res.body.message).toEqual(expect.any(String));
    }
    for (const classId of [UNKNOWN_ID, 'nope', '%27%20or%201%3D1']) {
      const res = await t.http.get(`/api/discussions?classId=${classId}`).set(learner.auth);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MESSAGES.classDetail.notFound);
    }
    expect((await t.http.get(`/api/discussions?classId=${a.id}&classId=${b.id}`).set(learner.auth)).status).toBe(400);
  });

  it('answers 401 signed out and with a revoked token', async () => {
    expect((await t.http.get('/api/discussions')).status).toBe(401);
    const learner = await makeLearner(t);
    await t.http.post('/api/auth/logout').set(learner.auth);
    expect((await t.http.get('/api/discussions').set(learner.auth)).status).toBe(401);
  });

  it('searches title and content in full text (stemmed, websearch syntax), within the caller scope', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 1);
    const learner = learners[0] as TestUser;
    const recursion = await makeDiscussion(t, learner, cls, {
      title: 'Recursion questions',
      content: 'How do recursive functions terminate?',
    });
    const closures = await makeDiscussion(t, learner, cls, {
      title: 'Closures',
      content: 'Capturing variables in loops confuses me',
    });
    const other = await makeClassWithLearners(t, 1);
    await makeDiscussion(t, other.learners[0] as TestUser, other.cls, { title: 'Recursion elsewhere', content: 'x' });

    const search = async (q: string) =>
      ids((await t.http.get(`/api/discussions?search=${encodeURIComponent(q)}`).set(learner.auth)).body);
    expect(await search('recursion')).toEqual([recursion._id]);
    expect(await search('terminating')).toEqual([recursion._id]);
    expect(await search('variable loop')).toEqual([closures._id]);
    expect(await search('recursion OR closures')).toEqual([closures._id, recursion._id]);
    expect(await search('recursion -functions')).toEqual([]);
    expect(await search('"unbalanced quote')).toEqual([]);
    expect(await search("'; drop table discussions; --")).toEqual([]);
    expect(await search('   ')).toEqual([closures._id, recursion._id]);
    const tooLong = await t.http.get(`/api/discussions?search=${'a'.repeat(201)}`).set(learner.auth);
    expect(tooLong.status).toBe(400);
  });

  it('pages with limit and X-Next-Cursor, newest first, with no gaps or repeats', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 1);
    const learner = learners[0] as TestUser;
    const made: Discussion[] = [];
    for (let i = 0; i < 7; i++) made.push(await makeDiscussion(t, learner, cls));
    const newestFirst = ids(made).reverse();

    const first = await t.http.get(`/api/discussions?classId=${cls.id}&limit=3`).set(learner.auth);
    expect(ids(first.body)).toEqual(newestFirst.slice(0, 3));
    expect(first.headers['x-next-cursor']).toEqual(expect.any(String));

    const { items, pages } = await allPages(`/api/discussions?classId=${cls.id}`, learner, 3);
    expect(ids(items)).toEqual(newestFirst);
    expect(pages).toBe(3);

    // A page that ends exactly at the last item has no next cursor.
    const all = await t.http.get(`/api/discussions?classId=${cls.id}&limit=7`).set(learner.auth);
    expect(all.body).toHaveLength(7);
    expect(all.headers['x-next-cursor']).toBeUndefined();

    // Default limit 20.
    for (let i = 0; i < 14; i++) await makeDiscussion(t, learner, cls);
    const byDefault = await t.http.get(`/api/discussions?classId=${cls.id}`).set(learner.auth);
    expect(byDefault.body).toHaveLength(20);
    expect(byDefault.headers['x-next-cursor']).toEqual(expect.any(String));
  });

  it('pages exactly through rows created in the same millisecond or the same transaction', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 1);
    const learner = learners[0] as TestUser;
    // Same microsecond (one transaction's now()), and distinct microseconds within one millisecond.
    await t.ctx.db
      .insert(discussions)
      .values([1, 2, 3].map((n) => ({ classId: cls.id, authorId: learner.user.id, title: `tie ${n}`, content: 'c' })));
    for (const micros of ['100', '250', '900']) {
      await t.ctx.db.insert(discussions).values({
        classId: cls.id,
        authorId: learner.user.id,
        title: `micro ${micros}`,
        content: 'c',
        createdAt: sql`${`2020-01-01T00:00:00.123${micros}Z`}::timestamptz`,
      });
    }
    const expected = ids((await t.http.get(`/api/discussions?classId=${cls.id}&limit=100`).set(learner.auth)).body);
    expect(expected).toHaveLength(6);
    for (const limit of [1, 2, 4]) {
      const { items } = await allPages(`/api/discussions?classId=${cls.id}`, learner, limit);
      expect(ids(items)).toEqual(expected);
    }
  });

  it('answers 400 for a bad limit or a cursor it did not make', async () => {
    const { learners } = await makeClassWithLearners(t, 1);
    const learner = learners[0] as TestUser;
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'limit=2.5', 'cursor=bogus!', `cursor=${'A'.repeat(300)}`]) {
      const res = await t.http.get(`/api/discussions?${q}`).set(learner.auth);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const forged = Buffer.from('yesterday|nothing').toString('base64url');
    expect((await t.http.get(`/api/discussions?cursor=${forged}`).set(learner.auth)).status).toBe(400);
  });
});

describe('GET /api/discussions/all', () => {
  it('gives an admin {discussions} of every class, newest first, paginated', async () => {
    const one = await makeClassWithLearners(t, 1);
    const two = await makeClassWithLearners(t, 1);
    const d1 = await makeDiscussion(t, one.learners[0] as TestUser, one.cls);
    const d2 = await makeDiscussion(t, two.learners[0] as TestUser, two.cls);
    const res = await t.http.get('/api/discussions/all?limit=100').set(admin.auth);
    expect(res.status).toBe(200);
    const body = allDiscussionsResponseSchema.parse(res.body);
    expect(ids(body.discussions).slice(0, 2)).toEqual([d2._id, d1._id]);

    const { items } = await allPages('/api/discussions/all', admin, 2);
    expect(ids(items)).toEqual(ids(body.discussions));
    const filtered = await t.http.get(`/api/discussions/all?classId=${one.cls.id}`).set(admin.auth);
    expect(ids(filtered.body.discussions)).toEqual([d1._id]);
  });

  it('answers 403 to everyone but admins (members included), 401 signed out', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 1);
    await makeDiscussion(t, mentor, cls);
    for (const who of [mentor, learners[0] as TestUser, await makeBoth(t), await makeLearner(t)]) {
      expect((await t.http.get('/api/discussions/all').set(who.auth)).status).toBe(403);
    }
    expect((await t.http.get('/api/discussions/all')).status).toBe(401);
  });
});

describe('GET /api/discussions/{id}', () => {
  it('gives members of its class and admins the discussion with replies oldest first', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 2);
    const [a, b] = learners as [TestUser, TestUser];
    const d = await makeDiscussion(t, a, cls);
    await makeDiscussionReply(t, b, d, 'one');
    await makeDiscussionReply(t, mentor, d, 'two');
    await makeDiscussionReply(t, admin, d, 'three');
    for (const who of [a, b, mentor, admin]) {
      const res = await t.http.get(`/api/discussions/${d._id}`).set(who.auth);
      expect(res.status).toBe(200);
      const got = discussionSchema.parse(res.body);
      expect(got.replies.map((r) => r.content)).toEqual(['one', 'two', 'three']);
      expect(got.replies.map((r) => r.author._id)).toEqual([b.user.id, mentor.user.id, admin.user.id]);
      expect(got.replyCount).toBe(3);
      for (const reply of got.replies) expectAnalysedAs(reply, reply.content);
      expect(got.moderation).toEqual(expect.objectContaining({ flagged: expect.any(Boolean) }));
    }
  });

  it('answers 403 to non-members, 404 for unknown and malformed ids, 401 signed out', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 1);
    const d = await makeDiscussion(t, learners[0] as TestUser, cls);
    for (const who of [await makeLearner(t), await makeVerifiedMentor(t)]) {
      expect((await t.http.get(`/api/discussions/${d._id}`).set(who.auth)).status).toBe(403);
    }
    for (const id of [UNKNOWN_ID, 'not-an-id', '123']) {
      const res = await t.http.get(`/api/discussions/${id}`).set(admin.auth);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MESSAGES.discussionDetail.notFound);
    }
    expect((await t.http.get(`/api/discussions/${d._id}`)).status).toBe(401);
  });

  it('stops showing a class discussion to a learner who unenrols', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 1);
    const learner = learners[0] as TestUser;
    const d = await makeDiscussion(t, learner, cls);
    await t.ctx.db.execute(sql`delete from enrolments where class_id = ${cls.id} and user_id = ${learner.user.id}`);
    expect((await t.http.get(`/api/discussions/${d._id}`).set(learner.auth)).status).toBe(403);
  });
});

describe('POST /api/discussions/{id}/replies', () => {
  it('lets enrolled learners, the class mentor and admins reply; answers 201 the whole discussion', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 2);
    const [a, b] = learners as [TestUser, TestUser];
    const d = await makeDiscussion(t, a, cls);
    const texts = ['Great question, thanks!', 'This is terrible and I hate it.', 'Noted.'];
    const people = [b, mentor, admin];
    for (const [i, who] of people.entries()) {
      const res = await t.http
        .post(`/api/discussions/${d._id}/replies`)
        .set(who.auth)
        .send({ content: `  ${texts[i]}  ` });
      expect(res.status).toBe(201);
      const got = discussionSchema.parse(res.body);
      expect(got._id).toBe(d._id);
      expect(got.replies).toHaveLength(i + 1);
      expect(got.replyCount).toBe(i + 1);
      const reply = got.replies[i];
      expect(reply?.content).toBe(texts[i]);
      expect(reply?.author).toEqual({ _id: who.user.id, name: who.user.name, profilePicture: '' });
      if (reply) expectAnalysedAs(reply, texts[i] as string);
      const [row] = await t.ctx.db
        .select()
        .from(discussionReplies)
        .where(eq(discussionReplies.id, reply?._id ?? ''));
      expectStoredAs(row, texts[i] as string);
      // The answer is the discussion as its page then shows it to the one who replied.
      expect(res.body).toEqual((await t.http.get(`/api/discussions/${d._id}`).set(who.auth)).body);
    }
  });

  it('answers the replies as GET shows them, whatever they hold (as the statement that writes the reply reads them)', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 2);
    const [author, other] = learners as [TestUser, TestUser];
    await t.ctx.db
      .update(users)
      .set({ name: 'Zoë "Z" O\'Brien \\ 漢字', profilePicture: 'https://example.test/p.png?a=1&b=2' })
      .where(eq(users.id, other.user.id));
    t.ctx.readCache.changed('users');
    const d = await makeDiscussion(t, author, cls);
    // Stored as the analysis could store them: float4 polarities that round at the sixth decimal either
    // way, tiny ones, the bounds; times with and without milliseconds; every kind of character.
    const odd = [
      [0.1234565, 'a "quoted" \\ back\\slash\nnew line\ttab \u0001 \u001f \u2028 </script> 😀 é', null],
      [-0.1234565, 'negative', 'Contains abusive language (f***).'],
      [0.0000004, 'tiny', null],
      [-0.0000004, 'tiny negative', null],
      [1, 'one', null],
      [-1, 'minus one', null],
      [0.3, 'three tenths', null],
      [0.9999996, 'almost one', null],
      [1e-7, 'e notation', null],
    ] as const;
    await t.ctx.db.insert(discussionReplies).values(
      odd.map(([polarity, content, reason], i) => ({
        discussionId: d._id,
        authorId: other.user.id,
        content,
        sentimentLabel: polarity > 0 ? ('POSITIVE' as const) : ('NEGATIVE' as const),
        sentimentPolarity: polarity,
        flagged: reason !== null,
        flagReason: reason,
        createdAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, i % 2 === 0 ? 0 : 999) + i * 60_000),
      })),
    );
    const res = await t.http
      .post(`/api/discussions/${d._id}/replies`)
      .set(other.auth)
      .send({ content: 'and \\ "one" more' });
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const got = await t.http.get(`/api/discussions/${d._id}`).set(other.auth);
    expect(got.status).toBe(200);
    // The same values, and the same keys in the same order.
    expect(JSON.stringify(res.body)).toBe(JSON.stringify(got.body));
    expect(res.body.replies).toHaveLength(odd.length + 1);
    expect(res.body.replies[0].content).toBe(odd[0][1]);
    expect(res.body.replies[0].author).toEqual({
      _id: other.user.id,
      name: 'Zoë "Z" O\'Brien \\ 漢字',
      profilePicture: 'https://example.test/p.png?a=1&b=2',
    });
    expect(res.body.replies[1].createdAt).toBe('2026-01-02T03:05:05.999Z');
  });

  it('answers 403 with the message to a learner not enrolled and another mentor', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 1);
    const d = await makeDiscussion(t, learners[0] as TestUser, cls);
    for (const who of [await makeLearner(t), await makeVerifiedMentor(t), await makeBoth(t)]) {
      const res = await t.http.post(`/api/discussions/${d._id}/replies`).set(who.auth).send({ content: 'hi' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: MESSAGES.discussionDetail.mustEnrolToReply, requestId: expect.any(String) });
    }
    expect(await countRows(t, discussionReplies, sql`discussion_id = ${d._id}`)).toBe(0);
  });

  it('answers 400 for blank, too long or mistyped content; 404 unknown or malformed; 401 signed out', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 1);
    const learner = learners[0] as TestUser;
    const d = await makeDiscussion(t, learner, cls);
    for (const content of ['', '   ', '\n\t', 'x'.repeat(LIMITS.content.max + 1), 12, null, { a: 1 }]) {
      const res = await t.http.post(`/api/discussions/${d._id}/replies`).set(learner.auth).send({ content });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe('content');
    }
    expect((await t.http.post(`/api/discussions/${d._id}/replies`).set(learner.auth).send({})).status).toBe(400);
    for (const id of [UNKNOWN_ID, 'x']) {
      const res = await t.http.post(`/api/discussions/${id}/replies`).set(learner.auth).send({ content: 'hi' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MESSAGES.discussionDetail.notFound);
    }
    expect((await t.http.post(`/api/discussions/${d._id}/replies`).send({ content: 'hi' })).status).toBe(401);
    expect(await countRows(t, discussionReplies, sql`discussion_id = ${d._id}`)).toBe(0);
  });
});

describe('a reply racing the deletion of its discussion', () => {
  it('answers 201 or 404, never an error, and leaves no reply or notification behind', async () => {
    for (let round = 0; round < 5; round++) {
      const { cls, learners } = await makeClassWithLearners(t, 2);
      const [author, other] = learners as [TestUser, TestUser];
      const d = await makeDiscussion(t, author, cls);
      const replies = Array.from({ length: 6 }, (_, i) =>
        t.http
          .post(`/api/discussions/${d._id}/replies`)
          .set(other.auth)
          .send({ content: `reply ${i}` }),
      );
      const deleted = t.http.delete(`/api/discussions/${d._id}`).set(author.auth);
      const statuses = (await Promise.all(replies)).map((res) => res.status);
      expect((await deleted).status).toBe(200);
      for (const status of statuses) expect([201, 404]).toContain(status);
      expect(await countRows(t, discussionReplies, sql`discussion_id = ${d._id}`)).toBe(0);
      expect(await countRows(t, notifications, sql`discussion_id = ${d._id}`)).toBe(0);
    }
  });
});

describe('DELETE /api/discussions/{id}', () => {
  async function discussionWithReplies() {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 2);
    const [author, other] = learners as [TestUser, TestUser];
    const d = await makeDiscussion(t, author, cls);
    await makeDiscussionReply(t, other, d);
    await makeDiscussionReply(t, mentor, d);
    return { mentor, author, other, d };
  }

  it("lets the author, the class's mentor or an admin delete it, with its replies", async () => {
    for (const pick of ['author', 'mentor', 'admin'] as const) {
      const setup = await discussionWithReplies();
      const who = pick === 'admin' ? admin : setup[pick];
      const res = await t.http.delete(`/api/discussions/${setup.d._id}`).set(who.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: MESSAGES.server.discussionDeleted });
      expect(await countRows(t, discussions, sql`id = ${setup.d._id}`)).toBe(0);
      expect(await countRows(t, discussionReplies, sql`discussion_id = ${setup.d._id}`)).toBe(0);
      expect((await t.http.get(`/api/discussions/${setup.d._id}`).set(admin.auth)).status).toBe(404);
      expect((await t.http.delete(`/api/discussions/${setup.d._id}`).set(admin.auth)).status).toBe(404);
    }
    expect(await countRows(t, discussionReplies, sql`discussion_id not in (select id from discussions)`)).toBe(0);
  });

  it('answers 403 to other members and outsiders, 404 unknown or malformed, 401 signed out', async () => {
    const { other, d } = await discussionWithReplies();
    for (const who of [other, await makeVerifiedMentor(t), await makeLearner(t)]) {
      const res = await t.http.delete(`/api/discussions/${d._id}`).set(who.auth);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.server.cannotDeleteDiscussion);
    }
    for (const id of [UNKNOWN_ID, 'bad-id']) {
      expect((await t.http.delete(`/api/discussions/${id}`).set(admin.auth)).status).toBe(404);
    }
    expect((await t.http.delete(`/api/discussions/${d._id}`)).status).toBe(401);
    expect(await countRows(t, discussions, sql`id = ${d._id}`)).toBe(1);
    expect(await countRows(t, discussionReplies, sql`discussion_id = ${d._id}`)).toBe(2);
  });

  it('goes with its class when the class is deleted', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 1);
    const d = await makeDiscussion(t, learners[0] as TestUser, cls);
    await makeDiscussionReply(t, mentor, d);
    await t.ctx.db.execute(sql`delete from classes where id = ${cls.id}`);
    expect(await countRows(t, discussions, sql`id = ${d._id}`)).toBe(0);
    expect(await countRows(t, discussionReplies, sql`discussion_id = ${d._id}`)).toBe(0);
  });
});
