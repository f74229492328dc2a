import { type CommunityPost, communityPostSchema, LIMITS, MESSAGES } from '@mentora/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, expectAnalysedAs, expectStoredAs, UNKNOWN_ID } from '../../test/expectations.js';
import {
  makeAdmin,
  makeLearner,
  makePost,
  makePostReply,
  makeUser,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { communityPosts, communityReplies, notifications, postLikes } from '../db/schema.js';
import { toggleLike, toggleLikes } from './likeToggle.js';

let t: TestServer;
let admin: TestUser;
let learner: TestUser;
let mentor: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await makeAdmin(t);
  learner = await makeLearner(t);
  mentor = await makeVerifiedMentor(t);
});
afterAll(() => t.close());

const ids = (list: { _id: string }[]) => list.map((p) => p._id);

/** Follows X-Next-Cursor to the end. */
async function allPages(query: string, who: TestUser, limit: number) {
  const items: CommunityPost[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await t.http
      .get(`/api/community?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)
      .set(who.auth);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThanOrEqual(limit);
    items.push(...res.body);
    cursor = res.headers['x-next-cursor'];
    pages += 1;
  } while (cursor && pages < 100);
  return { items, pages };
}

describe('POST /api/community', () => {
  it('lets any signed-in user post; sentiment and moderation are computed and stored', async () => {
    const texts = [
      { title: 'Loving the platform', content: 'Such a wonderful, helpful community. Thank you all!' },
      { title: 'Awful experience', content: 'What a stupid idea, you idiot. This is garbage.' },
      { title: 'Schedule', content: 'The meetup is on Tuesday.' },
    ];
    // What a person would expect of each text: the label, and whether moderation flags it.
    const expected = [
      { label: 'POSITIVE', flagged: false },
      { label: 'NEGATIVE', flagged: true },
      { label: 'NEUTRAL', flagged: false },
    ];
    for (const [i, who] of [learner, mentor, admin].entries()) {
      const body = texts[i] as { title: string; content: string };
      const res = await t.http
        .post('/api/community')
        .set(who.auth)
        .send({ ...body, category: 'question', tags: ['help', 'ts'] });
      expect(res.status).toBe(201);
      const post = communityPostSchema.parse(res.body);
      expect(post).toMatchObject({
        ...body,
        category: 'question',
        tags: ['help', 'ts'],
        author: { _id: who.user.id, name: who.user.name, profilePicture: who.user.profilePicture },
        likes: [],
        replies: [],
      });
      expect(JSON.stringify(res.body)).not.toMatch(/email|passwordHash/);
      const text = `${body.title}\n${body.content}`;
      expect({ label: post.sentiment.label, flagged: post.moderation.flagged }).toEqual(expected[i]);
      expectAnalysedAs(post, text);
      const [row] = await t.ctx.db.select().from(communityPosts).where(eq(communityPosts.id, post._id));
      expectStoredAs(row, text);
      expect(row?.search).toBeTruthy();
    }
  });

  it('takes tags as a comma-separated string or an array (trimmed, empties dropped); category defaults', async () => {
    const asString = await t.http
      .post('/api/community')
      .set(learner.auth)
      .send({ title: ' Tags ', content: ' c ', tags: ' react , , node,  ' });
    expect(asString.status).toBe(201);
    expect(asString.body).toMatchObject({ title: 'Tags', content: 'c', tags: ['react', 'node'], category: 'general' });
    const asArray = await t.http
      .post('/api/community')
      .set(learner.auth)
      .send({ title: 'Tags', content: 'c', category: 'announcement', tags: [' a ', '', 'b'] });
    expect(asArray.body).toMatchObject({ tags: ['a', 'b'], category: 'announcement' });
    const none = await t.http.post('/api/community').set(learner.auth).send({ title: 'No tags', content: 'c' });
    expect(none.body.tags).toEqual([]);
  });

  it('answers 400 naming the field for bad input, and 401 signed out', async () => {
    const good = { title: 'Title', content: 'Content', category: 'general', tags: [] };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, title: '  ' }, 'title'],
      [{ ...good, content: '' }, 'content'],
      [{ ...good, content: '\n \t' }, 'content'],
      [{ ...good, title: 'x'.repeat(LIMITS.title.max + 1) }, 'title'],
      [{ ...good, content: 'x'.repeat(LIMITS.content.max + 1) }, 'content'],
      [{ ...good, title: 1 }, 'title'],
      [{ ...good, category: 'gossip' }, 'category'],
      [{ ...good, category: 3 }, 'category'],
      [{ ...good, tags: Array.from({ length: LIMITS.tags.maxCount + 1 }, (_, i) => `t${i}`) }, 'tags'],
      [{ ...good, tags: ['x'.repeat(LIMITS.tags.max + 1)] }, 'tags'],
      [{ ...good, tags: 5 }, 'tags'],
      [{ ...good, tags: [1, 2] }, 'tags'],
      [{ content: 'no title' }, 'title'],
    ];
    const before = await countRows(t, communityPosts, sql`true`);
    for (const [body, path] of cases) {
      const res = await t.http.post('/api/community').set(learner.auth).send(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const paths: string[] = res.body.errors.map((e: { path: string }) => e.path);
      expect(paths.some((p) => p === path || p.startsWith(`${path}.`))).toBe(true);
    }
    expect((await t.http.post('/api/community').send(good)).status).toBe(401);
    expect(await countRows(t, communityPosts, sql`true`)).toBe(before);
  });
});

describe('GET /api/community', () => {
  it('answers an array, newest first, each post with author, likes, replies and sentiment', async () => {
    const a = await makePost(t, learner, { title: 'First' });
    const b = await makePost(t, mentor, { title: 'Second' });
    await makePostReply(t, mentor, a, 'reply one');
    await makePostReply(t, learner, a, 'reply two');
    await t.http.post(`/api/community/${a._id}/like`).set(mentor.auth);
    await t.http.post(`/api/community/${a._id}/like`).set(admin.auth);

    const res = await t.http.get('/api/community').set(learner.auth);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    for (const post of res.body) communityPostSchema.parse(post);
    expect(ids(res.body).slice(0, 2)).toEqual([b._id, a._id]);
    const got = res.body[1] as CommunityPost;
    expect(got.likes).toEqual([mentor.user.id, admin.user.id]);
    expect(got.replies.map((r) => r.content)).toEqual(['reply one', 'reply two']);
    expect(got.replies.map((r) => r.author._id)).toEqual([mentor.user.id, learner.user.id]);
    for (const reply of got.replies) {
      expect(Date.parse(reply.createdAt)).not.toBeNaN();
      expectAnalysedAs(reply, reply.content);
    }
    expect(got.author).toEqual({ _id: learner.user.id, name: learner.user.name, profilePicture: '' });
    expect(res.body[0].likes).toEqual([]);
    expect(res.body[0].replies).toEqual([]);
  });

  it('filters by category and answers 400 for an unknown one', async () => {
    const who = await makeLearner(t);
    const ann = await makePost(t, who, { category: 'announcement', title: 'Maintenance window' });
    const res = await t.http.get('/api/community?category=announcement').set(who.auth);
    expect(res.status).toBe(200);
    expect(res.body.every((p: CommunityPost) => p.category === 'announcement')).toBe(true);
    expect(ids(res.body)).toContain(ann._id);
    expect((await t.http.get('/api/community?category=gossip').set(who.auth)).status).toBe(400);
  });

  it('searches title, content and tags in full text, combined with the category', async () => {
    const kubernetes = await makePost(t, learner, {
      title: 'Deploying containers',
      content: 'Which orchestrator do you recommend?',
      tags: ['kubernetes'],
      category: 'question',
    });
    const gardening = await makePost(t, mentor, {
      title: 'Tomatoes',
      content: 'Growing tomatoes on a balcony',
      category: 'general',
    });
    const search = async (q: string, extra = '') =>
      ids((await t.http.get(`/api/community?search=${encodeURIComponent(q)}${extra}`).set(learner.auth)).body);
    expect(await search('kubernetes')).toEqual([kubernetes._id]);
    expect(await search('container')).toEqual([kubernetes._id]);
    expect(await search('orchestrators')).toEqual([kubernetes._id]);
    expect(await search('tomato balcony')).toEqual([gardening._id]);
    expect(await search('tomato OR kubernetes')).toEqual([gardening._id, kubernetes._id]);
    expect(await search('tomato', '&category=question')).toEqual([]);
    expect(await search('kubernetes', '&category=question')).toEqual([kubernetes._id]);
    expect(await search("x' or '1'='1")).toEqual([]);
    expect((await t.http.get(`/api/community?search=${'q'.repeat(201)}`).set(learner.auth)).status).toBe(400);
  });

  it('pages with limit and X-Next-Cursor, newest first, without gaps or repeats', async () => {
    const made: CommunityPost[] = [];
    for (let i = 0; i < 7; i++) made.push(await makePost(t, learner, { category: 'help', title: `Paged ${i}` }));
    // Posts sharing one timestamp (one statement) and others within one millisecond.
    await t.ctx.db.insert(communityPosts).values(
      [1, 2, 3].map((n) => ({
        authorId: learner.user.id,
        title: `tie ${n}`,
        content: 'c',
        category: 'help' as const,
      })),
    );
    for (const micros of ['100', '250', '900']) {
      await t.ctx.db.insert(communityPosts).values({
        authorId: learner.user.id,
        title: `micro ${micros}`,
        content: 'c',
        category: 'help',
        createdAt: sql`${`2020-01-01T00:00:00.123${micros}Z`}::timestamptz`,
      });
    }
    const everything = await t.http.get('/api/community?category=help&limit=100').set(learner.auth);
    expect(everything.body).toHaveLength(13);
    expect(everything.headers['x-next-cursor']).toBeUndefined();
    const expected = ids(everything.body);
    expect(expected.slice(3, 10)).toEqual(ids(made).reverse());
    for (const limit of [1, 3, 5]) {
      const { items, pages } = await allPages('category=help', learner, limit);
      expect(ids(items)).toEqual(expected);
      expect(pages).toBe(Math.ceil(13 / limit));
    }
    const first = await t.http.get('/api/community?category=help&limit=4').set(learner.auth);
    expect(first.headers['x-next-cursor']).toEqual(expect.any(String));
    // Default 20, at most 100.
    for (let i = 0; i < 10; i++) await makePost(t, learner, { category: 'help' });
    expect((await t.http.get('/api/community?category=help').set(learner.auth)).body).toHaveLength(20);
  });

  it('answers 400 for bad limits and foreign cursors, 401 signed out', async () => {
    for (const q of [
      'limit=0',
      'limit=101',
      'limit=x',
      'cursor=%2F%2F',
      `cursor=${Buffer.from('a|b').toString('base64url')}`,
    ]) {
      const res = await t.http.get(`/api/community?${q}`).set(learner.auth);
      expect(res.status, q).toBe(400);
    }
    expect((await t.http.get('/api/community')).status).toBe(401);
  });
});

describe('POST /api/community/{id}/like', () => {
  it('toggles: like, unlike, like gives 1, 0, 1 and answers the updated post', async () => {
    const post = await makePost(t, mentor);
    const states: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.http.post(`/api/community/${post._id}/like`).set(learner.auth);
      expect(res.status).toBe(200);
      communityPostSchema.parse(res.body);
      expect(res.body._id).toBe(post._id);
      states.push(res.body.likes.filter((id: string) => id === learner.user.id).length);
    }
    expect(states).toEqual([1, 0, 1]);
    expect(await countRows(t, postLikes, sql`post_id = ${post._id}`)).toBe(1);
  });

  it('answers the post as the like leaves it: its likes in order, its replies, as the feed then shows it', async () => {
    const author = await makeUser(t);
    const post = await makePost(t, author);
    await makePostReply(t, mentor, post, 'First reply');
    const people = [learner, mentor, admin];
    const answers: CommunityPost[] = [];
    for (const who of people) answers.push((await t.http.post(`/api/community/${post._id}/like`).set(who.auth)).body);
    expect(answers.map((a) => a.likes)).toEqual([
      [learner.user.id],
      [learner.user.id, mentor.user.id],
      [learner.user.id, mentor.user.id, admin.user.id],
    ]);
    const unliked = (await t.http.post(`/api/community/${post._id}/like`).set(mentor.auth)).body as CommunityPost;
    expect(unliked.likes).toEqual([learner.user.id, admin.user.id]);
    const shown = ((await t.http.get('/api/community?limit=50').set(author.auth)).body as CommunityPost[]).find(
      (p) => p._id === post._id,
    );
    expect(communityPostSchema.parse(unliked)).toEqual(shown);
    expect(unliked.replies.map((r) => r.content)).toEqual(['First reply']);
  });

  it('keeps one like per user under concurrent double clicks, with no errors', async () => {
    for (const n of [2, 3, 10]) {
      const post = await makePost(t, mentor);
      const who = await makeLearner(t);
      const answers = await Promise.all(
        Array.from({ length: n }, () =>
          fetch(`${t.baseUrl}/api/community/${post._id}/like`, { method: 'POST', headers: who.auth }),
        ),
      );
      const bodies = await Promise.all(answers.map((r) => r.json() as Promise<CommunityPost>));
      expect(answers.map((r) => r.status)).toEqual(Array(n).fill(200));
      for (const body of bodies) {
        expect(body.likes.filter((id) => id === who.user.id).length).toBeLessThanOrEqual(1);
      }
      const rows = await countRows(
        t,
        postLikes,
        and(eq(postLikes.postId, post._id), eq(postLikes.userId, who.user.id)) as SQL,
      );
      expect([0, 1]).toContain(rows);
      const now = (await t.http.get('/api/community?limit=100').set(who.auth)).body.find(
        (p: CommunityPost) => p._id === post._id,
      ) as CommunityPost;
      expect(now.likes).toEqual(rows === 1 ? [who.user.id] : []);
      // The next click still toggles from that state.
      const next = await t.http.post(`/api/community/${post._id}/like`).set(who.auth);
      expect(next.body.likes).toEqual(rows === 1 ? [] : [who.user.id]);
    }
  });

  it('answers 200 or 404 to likes racing the deletion of the post, and leaves no like or notification behind', async () => {
    for (let round = 0; round < 5; round++) {
      const author = await makeUser(t);
      const post = await makePost(t, author);
      const people = await Promise.all(Array.from({ length: 4 }, () => makeUser(t)));
      const likes = people.map((p) => t.http.post(`/api/community/${post._id}/like`).set(p.auth));
      const deleted = t.http.delete(`/api/community/${post._id}`).set(author.auth);
      const statuses = (await Promise.all(likes)).map((res) => res.status);
      expect((await deleted).status).toBe(200);
      for (const status of statuses) expect([200, 404]).toContain(status);
      expect(await countRows(t, postLikes, sql`post_id = ${post._id}`)).toBe(0);
      expect(await countRows(t, notifications, sql`post_id = ${post._id}`)).toBe(0);
    }
  });

  it('changes nothing when the post is gone by the time the like is written (the route answers 404)', async () => {
    const author = await makeUser(t);
    const post = await makePost(t, author);
    const liker = await makeUser(t);
    await t.ctx.db.delete(communityPosts).where(eq(communityPosts.id, post._id));
    expect(await toggleLike(t.ctx.db, { actor: liker.user, postId: post._id })).toMatchObject({
      found: false,
      notificationId: null,
    });
    expect(await countRows(t, postLikes, sql`user_id = ${liker.user.id}`)).toBe(0);
    expect(await countRows(t, notifications, sql`actor_id = ${liker.user.id}`)).toBe(0);
  });

  it('counts concurrent likes by many users exactly once each', async () => {
    const post = await makePost(t, mentor);
    const people = await Promise.all(Array.from({ length: 10 }, () => makeUser(t)));
    const answers = await Promise.all(
      people.map((p) => fetch(`${t.baseUrl}/api/community/${post._id}/like`, { method: 'POST', headers: p.auth })),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(await countRows(t, postLikes, sql`post_id = ${post._id}`)).toBe(10);
    const final = await t.http.post(`/api/community/${post._id}/like`).set(mentor.auth);
    expect([...final.body.likes].sort()).toEqual([...people.map((p) => p.user.id), mentor.user.id].sort());
  });

  it('answers 404 for unknown and malformed ids and 401 signed out', async () => {
    for (const id of [UNKNOWN_ID, 'nope']) {
      const res = await t.http.post(`/api/community/${id}/like`).set(learner.auth);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MESSAGES.server.postNotFound);
    }
    const post = await makePost(t, mentor);
    expect((await t.http.post(`/api/community/${post._id}/like`)).status).toBe(401);
    expect(await countRows(t, postLikes, sql`post_id = ${post._id}`)).toBe(0);
  });
});

describe('POST /api/community/{id}/replies', () => {
  it('lets any signed-in user reply; answers 201 the updated post with replies oldest first', async () => {
    const post = await makePost(t, mentor);
    const texts = ['Thanks, this helped a lot!', 'What a stupid idea, you idiot.', 'Okay.'];
    for (const [i, who] of [learner, admin, mentor].entries()) {
      const res = await t.http
        .post(`/api/community/${post._id}/replies`)
        .set(who.auth)
        .send({ content: ` ${texts[i]} ` });
      expect(res.status).toBe(201);
      const got = communityPostSchema.parse(res.body);
      expect(got.replies.map((r) => r.content)).toEqual(texts.slice(0, i + 1));
      const reply = got.replies[i];
      expect(reply?.author._id).toBe(who.user.id);
      if (reply) expectAnalysedAs(reply, texts[i] as string);
      const [row] = await t.ctx.db
        .select()
        .from(communityReplies)
        .where(eq(communityReplies.id, reply?._id ?? ''));
      expectStoredAs(row, texts[i] as string);
    }
  });

  it('answers 400 for blank or too long content, 404 unknown or malformed, 401 signed out', async () => {
    const post = await makePost(t, mentor);
    for (const content of ['', '  ', 'x'.repeat(LIMITS.content.max + 1), 5, undefined]) {
      const res = await t.http.post(`/api/community/${post._id}/replies`).set(learner.auth).send({ content });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe('content');
    }
    for (const id of [UNKNOWN_ID, '1']) {
      const res = await t.http.post(`/api/community/${id}/replies`).set(learner.auth).send({ content: 'hi' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MESSAGES.server.postNotFound);
    }
    expect((await t.http.post(`/api/community/${post._id}/replies`).send({ content: 'hi' })).status).toBe(401);
    expect(await countRows(t, communityReplies, sql`post_id = ${post._id}`)).toBe(0);
  });
});

describe('DELETE /api/community/{id}', () => {
  async function busyPost() {
    const author = await makeLearner(t);
    const post = await makePost(t, author);
    await makePostReply(t, mentor, post);
    await makePostReply(t, author, post);
    await t.http.post(`/api/community/${post._id}/like`).set(mentor.auth);
    await t.http.post(`/api/community/${post._id}/like`).set(author.auth);
    return { author, post };
  }

  it('lets the author or an admin delete it, with its replies and likes', async () => {
    for (const pick of ['author', 'admin'] as const) {
      const { author, post } = await busyPost();
      const who = pick === 'admin' ? admin : author;
      const res = await t.http.delete(`/api/community/${post._id}`).set(who.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: MESSAGES.server.postDeleted });
      expect(await countRows(t, communityPosts, sql`id = ${post._id}`)).toBe(0);
      expect(await countRows(t, communityReplies, sql`post_id = ${post._id}`)).toBe(0);
      expect(await countRows(t, postLikes, sql`post_id = ${post._id}`)).toBe(0);
      expect((await t.http.delete(`/api/community/${post._id}`).set(admin.auth)).status).toBe(404);
      expect((await t.http.post(`/api/community/${post._id}/like`).set(admin.auth)).status).toBe(404);
    }
    expect(await countRows(t, communityReplies, sql`post_id not in (select id from community_posts)`)).toBe(0);
    expect(await countRows(t, postLikes, sql`post_id not in (select id from community_posts)`)).toBe(0);
  });

  it('answers 403 to anyone else (mentors included), 404 unknown or malformed, 401 signed out', async () => {
    const { post } = await busyPost();
    for (const who of [learner, mentor, await makeVerifiedMentor(t)]) {
      const res = await t.http.delete(`/api/community/${post._id}`).set(who.auth);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.server.cannotDeletePost);
    }
    for (const id of [UNKNOWN_ID, 'zzz']) {
      const res = await t.http.delete(`/api/community/${id}`).set(admin.auth);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MESSAGES.server.postNotFound);
    }
    expect((await t.http.delete(`/api/community/${post._id}`)).status).toBe(401);
    expect(await countRows(t, communityPosts, sql`id = ${post._id}`)).toBe(1);
    expect(await countRows(t, communityReplies, sql`post_id = ${post._id}`)).toBe(2);
    expect(await countRows(t, postLikes, sql`post_id = ${post._id}`)).toBe(2);
  });
});

describe('likes written together (likeToggle.ts)', () => {
  it('toggles a group in one statement: likes, unlikes, missing posts, and each author told once with the count', async () => {
    const [author, a, b, c] = await Promise.all([makeUser(t), makeUser(t), makeUser(t), makeUser(t)]);
    const [p1, p2, p3, gone] = await Promise.all([
      makePost(t, author),
      makePost(t, a),
      makePost(t, author),
      makePost(t, author),
    ]);
    // b already likes p1 and c already likes p3.
    await toggleLike(t.ctx.db, { actor: b.user, postId: p1._id });
    await toggleLike(t.ctx.db, { actor: c.user, postId: p3._id });
    await t.ctx.db.delete(communityPosts).where(eq(communityPosts.id, gone._id));
    const seqBefore = await t.ctx.db.execute(sql`select coalesce(max(seq), 0)::int as seq from notifications`);
    const results = await toggleLikes(t.ctx.db, [
      { actor: a.user, postId: p1._id }, // a like, told to author (2 people now)
      { actor: a.user, postId: p2._id }, // a's own post: no notification
      { actor: c.user, postId: p3._id }, // an unlike: no notification
      { actor: a.user, postId: gone._id }, // nothing
    ]);
    expect(results.map((r) => r.found)).toEqual([true, true, true, false]);
    expect(results.slice(1).map((r) => r.notificationId)).toEqual([null, null, null]);
    const likers = async (postId: string) =>
      (await t.ctx.db.select().from(postLikes).where(eq(postLikes.postId, postId))).map((l) => l.userId).sort();
    expect(await likers(p1._id)).toEqual([a.user.id, b.user.id].sort());
    expect(await likers(p2._id)).toEqual([a.user.id]);
    expect(await likers(p3._id)).toEqual([]);
    expect(await countRows(t, postLikes, sql`post_id = ${gone._id}`)).toBe(0);
    const [told] = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, results[0]?.notificationId ?? ''));
    expect(told).toMatchObject({
      userId: author.user.id,
      actorId: a.user.id,
      postId: p1._id,
      count: 2,
      kind: 'post_like',
    });
    // Each like's live event id comes after the notifications the statement wrote, in the order given.
    const events = results.map((r) => r.eventId);
    expect([...events].sort((x, y) => x - y)).toEqual(events);
    expect(told?.seq).toBeGreaterThan((seqBefore.rows[0] as { seq: number }).seq);
    expect(Math.min(...events)).toBeGreaterThan(told?.seq ?? Number.POSITIVE_INFINITY);
  });

  it('cannot toggle one post twice in one statement, which is why toggleLike never groups them', async () => {
    const [author, a, b] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
    const post = await makePost(t, author);
    await expect(
      toggleLikes(t.ctx.db, [
        { actor: a.user, postId: post._id },
        { actor: b.user, postId: post._id },
      ]),
    ).rejects.toThrow();
    expect(await countRows(t, postLikes, sql`post_id = ${post._id}`)).toBe(0);
    const both = await Promise.all([a, b].map((p) => toggleLike(t.ctx.db, { actor: p.user, postId: post._id })));
    expect(both.map((r) => r.found)).toEqual([true, true]);
    expect(await countRows(t, postLikes, sql`post_id = ${post._id}`)).toBe(2);
  });
});
