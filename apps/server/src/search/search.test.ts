import { type SearchResponse, searchResponseSchema } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classRequest,
  enrol,
  makeAdmin,
  makeClass,
  makeDiscussion,
  makeLearner,
  makePost,
  makeUser,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { communityPosts, discussions } from '../db/schema.js';

// GET /api/search on a real server and database (PGlite, or PostgreSQL with DATABASE_URL): prefix and
// typo matching, best first, match ranges, and only what the caller may see.

let t: TestServer;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let mentor: TestUser;
const made: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestServer();
  admin = await makeAdmin(t);
  member = await makeLearner(t);
  outsider = await makeLearner(t);
  mentor = await makeVerifiedMentor(t, { name: 'Mentor Pythonista' });
  await makeUser(t, { name: 'Javier Lopez', email: 'javier@example.test' });
  const js = await makeClass(t, mentor, { title: 'Modern JavaScript', description: 'Closures, promises and modules.' });
  const py = await makeClass(t, mentor, { title: 'Python', description: 'Learn the language from scratch.' });
  const data = await makeClass(t, mentor, { title: 'Data work', description: 'Pandas and Python notebooks.' });
  const mentora = await makeClass(t, mentor, { title: 'Mentora 101', description: 'How this platform works.' });
  // Tagged, but neither titled nor described with the word (issue #37: "java" finds #javascript).
  const tagged = await makeClass(t, mentor, { title: 'Web pages', description: 'Browsers.', tags: ['javascript'] });
  // Titled with a word, then one made later that only mentions it: the title still comes first.
  const haskell = await makeClass(t, mentor, { title: 'Haskell', description: 'Types and purity.' });
  const mentions = await makeClass(t, mentor, { title: 'Compilers', description: 'Written in Haskell.' });
  await makeClass(t, mentor, { title: 'Lava flows', description: 'Volcanoes up close.' });
  Object.assign(made, {
    js: js.id,
    py: py.id,
    data: data.id,
    mentora: mentora.id,
    tagged: tagged.id,
    haskell: haskell.id,
    mentions: mentions.id,
  });
  await enrol(t, py, member);
  made.ownDiscussion = (
    await makeDiscussion(t, member, py, { title: 'Python decorators', content: 'How do decorators work?' })
  )._id;
  made.otherDiscussion = (
    await makeDiscussion(t, mentor, js, { title: 'Python vs JavaScript', content: 'Which first?' })
  )._id;
  made.post = (await makePost(t, member, { title: 'Python meetup', content: 'Anyone learning Python nearby?' }))._id;
  made.hiddenPost = (await makePost(t, mentor, { title: 'Pythonic secrets', content: 'Hidden by moderation.' }))._id;
  await t.ctx.db.update(communityPosts).set({ hidden: true }).where(eq(communityPosts.id, made.hiddenPost));
  made.hiddenDiscussion = (
    await makeDiscussion(t, mentor, py, { title: 'Python hidden thread', content: 'Hidden too.' })
  )._id;
  await t.ctx.db.update(discussions).set({ hidden: true }).where(eq(discussions.id, made.hiddenDiscussion));
  t.ctx.readCache.changed('community_posts');
  t.ctx.readCache.changed('discussions');
});
afterAll(() => t.close());

async function search(who: TestUser, query: Record<string, string | number>): Promise<SearchResponse> {
  const res = await t.http.get('/api/search').query(query).set(who.auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return searchResponseSchema.parse(res.body);
}
const titles = (list: { title: string }[]) => list.map((item) => item.title);
const marked = (text: string, ranges: { start: number; end: number }[]) =>
  ranges.map((r) => text.slice(r.start, r.end));

describe('GET /api/search', () => {
  it('finds by the start of a word: "java" finds JavaScript, "mentr" finds Mentora 101', async () => {
    const java = await search(member, { q: 'java', types: 'classes' });
    expect(titles(java.classes)).toEqual(['Modern JavaScript', 'Web pages']);
    expect(marked(java.classes[0]?.title ?? '', java.classes[0]?.matches.title ?? [])).toEqual(['Java']);
    const mentr = await search(member, { q: 'mentr', types: 'classes' });
    expect(titles(mentr.classes)).toEqual(['Mentora 101']);
    // "mentr" is "Mentor" without its "o": a typo of the word's start, marked as the whole word.
    expect(mentr.classes[0]?.matches.title).toEqual([{ start: 0, end: 7 }]);
  });

  it('finds with a typo in a title: "pyhton" finds Python and marks the misspelt word', async () => {
    const found = await search(member, { q: 'pyhton', types: 'classes' });
    expect(titles(found.classes)).toEqual(['Python']);
    const [first] = found.classes;
    expect(marked(first?.title ?? '', first?.matches.title ?? [])).toEqual(['Python']);
    // A short word is not taken for a typo of another: "java" does not find "Lava flows".
    expect(titles((await search(member, { q: 'java', types: 'classes' })).classes)).not.toContain('Lava flows');
    // Typos are looked for in titles only: the text of "Data work" says Python, spelt right.
    expect(titles((await search(member, { q: 'python', types: 'classes' })).classes)).toContain('Data work');
  });

  it('finds typos in every kind, in titles renamed and names given after they were first written', async () => {
    // Each through the words its title holds now (search_words, kept by triggers on every searched table).
    expect((await search(member, { q: 'decoratros', types: 'discussions' })).discussions.map((d) => d._id)).toEqual([
      made.ownDiscussion,
    ]);
    expect((await search(member, { q: 'meetpu', types: 'posts' })).posts.map((p) => p._id)).toEqual([made.post]);
    const grace = await makeUser(t, { name: 'Grace Hopper' });
    expect((await search(admin, { q: 'hoppre', types: 'people' })).people.map((p) => p._id)).toEqual([grace.user.id]);
    const cls = await makeClass(t, mentor, { title: 'Woodworking', description: 'Chisels.' });
    expect(titles((await search(member, { q: 'wodworking', types: 'classes' })).classes)).toEqual(['Woodworking']);
    await t.http
      .put(`/api/classes/${cls.id}`)
      .set(mentor.auth)
      .send(classRequest({ title: 'Ceramics at home' }))
      .expect(200);
    expect(titles((await search(member, { q: 'ceramcis', types: 'classes' })).classes)).toEqual(['Ceramics at home']);
    // The old title's words find nothing any more.
    expect((await search(member, { q: 'wodworking', types: 'classes' })).classes).toEqual([]);
  });

  it('ranks an exact title above a title that starts with it, above a match in the text only', async () => {
    const found = await search(member, { q: 'python', types: 'classes' });
    expect(titles(found.classes)).toEqual(['Python', 'Data work']);
    // The newer class only mentions the word: the older one titled with it comes first.
    expect(titles((await search(member, { q: 'haskell', types: 'classes' })).classes)).toEqual([
      'Haskell',
      'Compilers',
    ]);
  });

  it('finds a tag by the start of its words, ranked with title matches above text-only mentions', async () => {
    // "Web pages" is only tagged #javascript; "Modern JavaScript" has it in its title.
    const found = await search(member, { q: 'javas', types: 'classes' });
    expect(found.classes.map((c) => c._id).sort()).toEqual([made.js, made.tagged].sort());
    // Nothing to mark in a title or text that does not hold it.
    const web = found.classes.find((c) => c._id === made.tagged);
    expect(web?.matches).toEqual({ title: [], text: [] });
    // A tag's word with a typo, as a title's.
    expect(titles((await search(member, { q: 'javsacript', types: 'classes' })).classes)).toContain('Web pages');
    const posted = await makePost(t, member, { title: 'Weekend plans', content: 'Hiking.', tags: ['mountaineering'] });
    expect((await search(member, { q: 'mountain', types: 'posts' })).posts.map((p) => p._id)).toEqual([posted._id]);
  });

  it('finds discussions only in the caller’s classes, and hidden text only for its author and admins', async () => {
    const mine = await search(member, { q: 'python', types: 'discussions' });
    expect(mine.discussions.map((d) => d._id)).toEqual([made.ownDiscussion]);
    expect(mine.discussions[0]).toMatchObject({ classId: made.py, classTitle: 'Python' });
    expect((await search(outsider, { q: 'python', types: 'discussions' })).discussions).toEqual([]);
    const byMentor = await search(mentor, { q: 'python', types: 'discussions' });
    expect(byMentor.discussions.map((d) => d._id).sort()).toEqual(
      [made.ownDiscussion, made.otherDiscussion, made.hiddenDiscussion].sort(),
    );
    const byAdmin = await search(admin, { q: 'python', types: 'discussions' });
    expect(byAdmin.discussions).toHaveLength(3);

    expect((await search(outsider, { q: 'python', types: 'posts' })).posts.map((p) => p._id)).toEqual([made.post]);
    expect((await search(mentor, { q: 'secrets', types: 'posts' })).posts.map((p) => p._id)).toEqual([made.hiddenPost]);
    expect((await search(member, { q: 'secrets', types: 'posts' })).posts).toEqual([]);
  });

  it('finds people for admins only, by name or email', async () => {
    const byAdmin = await search(admin, { q: 'javi', types: 'people' });
    expect(byAdmin.people.map((p) => [p.title, p.text])).toEqual([['Javier Lopez', 'javier@example.test']]);
    expect((await search(member, { q: 'javi' })).people).toEqual([]);
    expect((await search(admin, { q: 'pythonista', types: 'people' })).people.map((p) => p.title)).toEqual([
      'Mentor Pythonista',
    ]);
  });

  it('answers every kind by default, each up to limit, deleted content gone', async () => {
    const all = await search(member, { q: 'python', limit: 1 });
    expect(all.classes).toHaveLength(1);
    expect(all.discussions).toHaveLength(1);
    expect(all.posts).toHaveLength(1);
    await t.http.delete(`/api/community/${made.post}`).set(member.auth).expect(200);
    expect((await search(member, { q: 'python', types: 'posts' })).posts).toEqual([]);
  });

  it('answers 400 in the API’s error shape for a missing, blank or too long q, unknown types and bad limits', async () => {
    for (const query of [
      {},
      { q: '' },
      { q: '   ' },
      { q: 'x'.repeat(201) },
      { q: 'java', types: 'classes,wizards' },
      { q: 'java', types: '' },
      { q: 'java', limit: 0 },
      { q: 'java', limit: 21 },
      { q: 'java', limit: 'many' },
    ]) {
      const res = await t.http.get('/api/search').query(query).set(member.auth);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message, JSON.stringify(query)).toEqual(expect.any(String));
      expect(res.body.errors?.[0]?.path, JSON.stringify(query)).toEqual(expect.any(String));
    }
    expect((await t.http.get('/api/search').query({ q: 'java' })).status).toBe(401);
  });

  it('never fails on odd input', async () => {
    for (const q of ['%', '_', '\\', '"', "'; drop table classes; --", '(', '[a-z]*', '.*', '-', '& | !']) {
      const found = await search(member, { q });
      expect(found.classes, q).toEqual([]);
    }
  });
});
