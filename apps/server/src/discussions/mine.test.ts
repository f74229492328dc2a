import type { Discussion } from '@mentora/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enrol,
  makeClass,
  makeDiscussion,
  makeDiscussionReply,
  makeLearner,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { enrolments } from '../db/schema.js';

// GET /api/discussions?mine=posts|replies: the server filters, so every page holds only the caller's
// and the cursor walks all of them, not just what one page of everything happened to contain.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const ids = (list: { _id: string }[]) => list.map((d) => d._id);

/** Follows X-Next-Cursor to the end, checking each page. */
async function allPages(
  query: string,
  who: TestUser,
  limit: number,
  eachPage: (page: Discussion[]) => void = () => {},
): Promise<{ items: Discussion[]; pages: number }> {
  const items: Discussion[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await t.http
      .get(`/api/discussions?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)
      .set(who.auth);
    expect(res.status).toBe(200);
    const page = res.body as Discussion[];
    expect(page.length).toBeLessThanOrEqual(limit);
    eachPage(page);
    items.push(...page);
    cursor = res.headers['x-next-cursor'];
    pages += 1;
  } while (cursor && pages < 100);
  return { items, pages };
}

describe('GET /api/discussions?mine=', () => {
  let me: TestUser;
  let other: TestUser;
  let classA: Awaited<ReturnType<typeof makeClass>>;
  let classB: Awaited<ReturnType<typeof makeClass>>;
  let left: Discussion;

  beforeAll(async () => {
    const mentor = await makeVerifiedMentor(t);
    classA = await makeClass(t, mentor);
    classB = await makeClass(t, mentor);
    const classGone = await makeClass(t, mentor);
    me = await makeLearner(t);
    other = await makeLearner(t);
    for (const cls of [classA, classB, classGone]) {
      await enrol(t, cls, me);
      await enrol(t, cls, other);
    }
    // Mine and others' interleaved, with replies both ways, in two classes; "graph" in some titles.
    for (let i = 0; i < 6; i++) {
      const cls = i % 2 === 0 ? classA : classB;
      const word = i % 3 === 0 ? 'graph' : 'tree';
      await makeDiscussion(t, other, cls, { title: `Their ${word} ${i}` });
      const mine = await makeDiscussion(t, me, cls, { title: `My ${word} ${i}` });
      const theirs = await makeDiscussion(t, other, cls, { title: `Their replied ${word} ${i}` });
      await makeDiscussionReply(t, me, theirs);
      await makeDiscussionReply(t, other, mine);
      await makeDiscussion(t, mentor, cls, { title: `Mentor ${word} ${i}` });
    }
    // Written and replied to in a class the caller has since left: no longer theirs to see.
    left = await makeDiscussion(t, me, classGone, { title: 'My graph in a class I left' });
    await makeDiscussionReply(t, me, await makeDiscussion(t, other, classGone, { title: 'Their graph there' }));
    await t.ctx.db
      .delete(enrolments)
      .where(and(eq(enrolments.classId, classGone.id), eq(enrolments.userId, me.user.id)));
    t.ctx.readCache.changed('enrolments');
  });

  /** What the unfiltered list shows, newest first, narrowed here: what ?mine= must answer page by page. */
  async function expected(query: string, keep: (d: Discussion) => boolean) {
    const all = await allPages(query, me, 100);
    return ids(all.items.filter(keep));
  }
  const isMyPost = (d: Discussion) => d.author._id === me.user.id;
  const isMyReply = (d: Discussion) => d.repliedByMe === true;

  for (const [mine, keep, count] of [
    ['posts', isMyPost, 6],
    ['replies', isMyReply, 6],
  ] as const) {
    it(`mine=${mine}: every page only the caller's, the cursor continuing across all of them`, async () => {
      const want = await expected('x=1', keep);
      expect(want).toHaveLength(count);
      const got = await allPages(`mine=${mine}`, me, 2, (page) => {
        expect(page.length).toBeGreaterThan(0);
        expect(page.every(keep)).toBe(true);
      });
      expect(ids(got.items)).toEqual(want);
      expect(got.pages).toBe(3);
      expect(ids(got.items)).not.toContain(left._id);
      // The other learner's view of the same filter is their own, not a cached copy of the caller's.
      const theirs = await allPages(`mine=${mine}`, other, 4);
      expect(theirs.items.length).toBeGreaterThan(0);
      expect(
        theirs.items.every((d) => (mine === 'posts' ? d.author._id === other.user.id : d.repliedByMe === true)),
      ).toBe(true);
      expect(ids(theirs.items).some((id) => want.includes(id))).toBe(false);
    });

    it(`mine=${mine} combines with search and classId`, async () => {
      const want = await expected(`classId=${classA.id}&search=graph`, keep);
      expect(want.length).toBeGreaterThan(0);
      const got = await allPages(`mine=${mine}&classId=${classA.id}&search=graph`, me, 1, (page) => {
        expect(page.every((d) => keep(d) && d.classId._id === classA.id && d.title.includes('graph'))).toBe(true);
      });
      expect(ids(got.items)).toEqual(want);
      const inB = await allPages(`mine=${mine}&classId=${classB.id}`, me, 2);
      expect(ids(inB.items)).toEqual(await expected(`classId=${classB.id}`, keep));
      expect(inB.items.every((d) => d.classId._id === classB.id)).toBe(true);
    });
  }

  it('sees a new reply of the caller at once (the cached page keys on mine and is dropped on change)', async () => {
    const before = await allPages('mine=replies', me, 100);
    const fresh = await makeDiscussion(t, other, classA, { title: 'Fresh question' });
    expect(ids((await allPages('mine=replies', me, 100)).items)).toEqual(ids(before.items));
    await makeDiscussionReply(t, me, fresh);
    expect(ids((await allPages('mine=replies', me, 100)).items)).toEqual([fresh._id, ...ids(before.items)]);
  });

  it('answers 400 for a value other than posts or replies', async () => {
    for (const q of ['mine=all', 'mine=POSTS', 'mine=', 'mine=posts&mine=replies', 'mine=my-posts']) {
      const res = await t.http.get(`/api/discussions?${q}`).set(me.auth);
      expect(res.status, q).toBe(400);
    }
  });
});
