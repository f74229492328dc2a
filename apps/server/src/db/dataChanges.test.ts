import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classRequest,
  enrol,
  makeAdmin,
  makeClass,
  makeDiscussion,
  makeLearner,
  makePost,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer, usingPostgres } from '../../test/harness.js';
import { CHANGE_LISTENER_NAME } from './changeListener.js';
import { classes } from './schema.js';

// A class, the catalogue's pages, one's own class lists, the feed's pages, discussions and who belongs
// to a class are kept in memory per process (readCache.ts). These tests prove that no process answers one of them after it changed.

const get = (t: TestServer, who: TestUser, url: string) => t.http.get(url).set(who.auth);

async function classOn(t: TestServer, who: TestUser, id: string) {
  const res = await get(t, who, `/api/classes/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function catalogue(t: TestServer, who: TestUser, query = '') {
  const res = await get(t, who, `/api/classes?limit=50${query}`);
  expect(res.status).toBe(200);
  return res.body.classes as Array<{ _id: string; title: string; studentCount: number }>;
}

async function feed(t: TestServer, who: TestUser) {
  const res = await get(t, who, '/api/community?limit=50');
  expect(res.status).toBe(200);
  return res.body as Array<{ _id: string; likes: string[]; replies: unknown[]; author: { name: string } }>;
}

/** Polls until check() passes (it throws until then), for changes that travel between processes. */
async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * Reads until an answer comes from memory, so that a later change must be told. (A notification of an
 * earlier write may still arrive and empty the cache: then it reads again.)
 */
async function warm(t: TestServer, read: () => Promise<unknown>) {
  await eventually(async () => {
    await read();
    const hits = t.ctx.readCache.hits;
    await read();
    expect(t.ctx.readCache.hits).toBeGreaterThan(hits);
  });
}

describe('the process that writes forgets the shared reads it changed (no notifications heard)', () => {
  let t: TestServer;
  let mentor: TestUser;
  let learner: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    // The cache is used but deaf to the database: only what the writing code says keeps it right.
    t = await startTestServer({ hearChanges: false });
    mentor = await makeVerifiedMentor(t);
    learner = await makeLearner(t);
    admin = await makeAdmin(t);
  });
  afterAll(() => t.close());

  it('enrolling and leaving show at once on the class, the catalogue and one’s enrolled list', async () => {
    const cls = await makeClass(t, mentor);
    await warm(t, () => classOn(t, learner, cls.id));
    await warm(t, () => catalogue(t, learner));
    await warm(t, () => get(t, learner, '/api/classes/enrolled'));

    expect((await t.http.post(`/api/classes/${cls.id}/enroll`).set(learner.auth)).status).toBe(200);
    expect((await classOn(t, learner, cls.id)).studentCount).toBe(1);
    expect((await catalogue(t, learner)).find((c) => c._id === cls.id)?.studentCount).toBe(1);
    expect((await get(t, learner, '/api/classes/enrolled')).body.map((c: { _id: string }) => c._id)).toContain(cls.id);

    expect((await t.http.post(`/api/classes/${cls.id}/unenroll`).set(learner.auth)).status).toBe(200);
    expect((await classOn(t, learner, cls.id)).studentCount).toBe(0);
    expect((await get(t, learner, '/api/classes/enrolled')).body).toEqual([]);
  });

  it('a review, an edit and a live session show at once on the class', async () => {
    // A live class: only those show a session on now (the live session rule, packages/contract).
    const cls = await makeClass(t, mentor, { contentType: 'live' });
    await enrol(t, cls, learner);
    await warm(t, () => classOn(t, learner, cls.id));

    const reviewed = await t.http.post('/api/reviews').set(learner.auth).send({ classId: cls.id, rating: 4 });
    expect(reviewed.status).toBe(201);
    expect(await classOn(t, learner, cls.id)).toMatchObject({ rating: 4, reviewCount: 1 });

    const edited = await t.http
      .put(`/api/classes/${cls.id}`)
      .set(mentor.auth)
      .send(classRequest({ title: 'Edited title', contentType: 'live' }));
    expect(edited.status).toBe(200);
    expect((await classOn(t, learner, cls.id)).title).toBe('Edited title');
    expect((await catalogue(t, learner)).find((c) => c._id === cls.id)?.title).toBe('Edited title');

    expect((await t.http.post(`/api/classes/${cls.id}/live`).set(mentor.auth)).status).toBe(200);
    expect((await classOn(t, learner, cls.id)).live).toBe(true);
  });

  it('a new class shows in the catalogue and its mentor’s list; a deleted one is gone everywhere', async () => {
    await warm(t, () => catalogue(t, learner));
    await warm(t, () => get(t, mentor, '/api/classes/created'));
    const created = await t.http
      .post('/api/classes')
      .set(mentor.auth)
      .send(classRequest({ title: 'Brand new' }));
    expect(created.status).toBe(201);
    const id = created.body._id as string;
    expect((await catalogue(t, learner)).map((c) => c._id)).toContain(id);
    expect((await get(t, mentor, '/api/classes/created')).body.map((c: { _id: string }) => c._id)).toContain(id);

    await warm(t, () => classOn(t, learner, id));
    expect((await t.http.delete(`/api/classes/${id}`).set(admin.auth)).status).toBe(200);
    expect((await get(t, learner, `/api/classes/${id}`)).status).toBe(404);
    expect((await catalogue(t, learner)).map((c) => c._id)).not.toContain(id);
  });

  it('a mentor’s new name shows on their classes; deleting the mentor removes them', async () => {
    const other = await makeVerifiedMentor(t);
    const cls = await makeClass(t, other);
    await warm(t, () => classOn(t, learner, cls.id));
    const renamed = await t.http
      .put('/api/auth/profile')
      .set(other.auth)
      .send({ name: 'Renamed Mentor', email: other.user.email, profilePicture: '', bio: '' });
    expect(renamed.status).toBe(200);
    expect((await classOn(t, learner, cls.id)).mentor.name).toBe('Renamed Mentor');

    await warm(t, () => catalogue(t, learner));
    expect((await t.http.delete(`/api/users/mentor/${other.user.id}`).set(admin.auth)).status).toBe(200);
    expect((await get(t, learner, `/api/classes/${cls.id}`)).status).toBe(404);
    expect((await catalogue(t, learner)).map((c) => c._id)).not.toContain(cls.id);
  });

  it('posting, liking, replying and deleting show at once in the feed', async () => {
    await warm(t, () => feed(t, learner));
    const posted = await t.http
      .post('/api/community')
      .set(learner.auth)
      .send({ title: 'Fresh post', content: 'Hello everyone', category: 'general', tags: [] });
    expect(posted.status).toBe(201);
    const id = posted.body._id as string;
    expect((await feed(t, learner)).map((p) => p._id)).toContain(id);

    expect((await t.http.post(`/api/community/${id}/like`).set(mentor.auth)).status).toBe(200);
    expect((await feed(t, learner)).find((p) => p._id === id)?.likes).toEqual([mentor.user.id]);

    const replied = await t.http.post(`/api/community/${id}/replies`).set(mentor.auth).send({ content: 'Welcome!' });
    expect(replied.status).toBe(201);
    expect((await feed(t, learner)).find((p) => p._id === id)?.replies).toHaveLength(1);

    expect((await t.http.delete(`/api/community/${id}`).set(learner.auth)).status).toBe(200);
    expect((await feed(t, learner)).map((p) => p._id)).not.toContain(id);
  });

  it('a like answers its post as it is now: a new reply, its author renamed, the likes; once deleted, 404', async () => {
    const author = await makeLearner(t);
    const fan = await makeLearner(t);
    const post = await makePost(t, author);
    const like = (who: TestUser) => t.http.post(`/api/community/${post._id}/like`).set(who.auth);
    // Each like reads the post without its likes from memory once it is kept.
    await warm(t, () => like(learner));

    const replied = await t.http.post(`/api/community/${post._id}/replies`).set(mentor.auth).send({ content: 'Hi!' });
    expect(replied.status).toBe(201);
    const afterReply = await like(fan);
    expect(afterReply.status).toBe(200);
    expect(afterReply.body.replies.map((r: { content: string }) => r.content)).toEqual(['Hi!']);
    expect(afterReply.body.likes).toContain(fan.user.id);

    await warm(t, () => like(learner));
    const renamed = await t.http
      .put('/api/auth/profile')
      .set(author.auth)
      .send({ name: 'Renamed Poster', email: author.user.email, profilePicture: '', bio: '' });
    expect(renamed.status).toBe(200);
    const afterRename = await like(learner);
    expect(afterRename.body.author.name).toBe('Renamed Poster');
    expect(afterRename.body.likes).toContain(fan.user.id);

    await warm(t, () => like(learner));
    expect((await t.http.delete(`/api/community/${post._id}`).set(author.auth)).status).toBe(200);
    expect((await like(learner)).status).toBe(404);
  });

  it('starting, replying to and deleting a discussion show at once in the class’s list and the discussion', async () => {
    const cls = await makeClass(t, mentor);
    const reader = await makeLearner(t);
    await enrol(t, cls, learner);
    await enrol(t, cls, reader);
    const list = async () => {
      const res = await get(t, reader, `/api/discussions?classId=${cls.id}`);
      expect(res.status).toBe(200);
      return res.body as Array<{ _id: string; replyCount: number }>;
    };
    await warm(t, list);
    const started = await t.http
      .post('/api/discussions')
      .set(learner.auth)
      .send({ classId: cls.id, title: 'A question', content: 'How do I start?' });
    expect(started.status).toBe(201);
    const id = started.body._id as string;
    expect((await list()).map((d) => d._id)).toEqual([id]);

    const detail = () => get(t, reader, `/api/discussions/${id}`);
    await warm(t, detail);
    const replied = await t.http
      .post(`/api/discussions/${id}/replies`)
      .set(mentor.auth)
      .send({ content: 'Like this.' });
    expect(replied.status).toBe(201);
    expect((await detail()).body.replies).toHaveLength(1);
    expect((await list())[0]?.replyCount).toBe(1);

    expect((await t.http.delete(`/api/discussions/${id}`).set(learner.auth)).status).toBe(200);
    expect((await detail()).status).toBe(404);
    expect(await list()).toEqual([]);
  });

  it('a reply answers its discussion as it is now: the class renamed, its author renamed; once deleted, 404', async () => {
    const cls = await makeClass(t, mentor);
    const author = await makeLearner(t);
    await enrol(t, cls, author);
    await enrol(t, cls, learner);
    const discussion = await makeDiscussion(t, author, cls);
    let n = 0;
    // A reply reads the discussion it goes to in the statement that writes it (replyCreator.ts), never
    // from memory: nothing kept can be stale.
    const reply = () =>
      t.http
        .post(`/api/discussions/${discussion._id}/replies`)
        .set(learner.auth)
        .send({ content: `Reply ${++n}` });
    expect((await reply()).status).toBe(201);

    const edited = await t.http
      .put(`/api/classes/${cls.id}`)
      .set(mentor.auth)
      .send(classRequest({ title: 'Renamed class' }));
    expect(edited.status).toBe(200);
    const afterEdit = await reply();
    expect(afterEdit.status).toBe(201);
    expect(afterEdit.body.classId.title).toBe('Renamed class');
    expect(afterEdit.body.replyCount).toBe(n);
    expect(afterEdit.body.repliedByMe).toBe(true);

    expect((await reply()).status).toBe(201);
    const renamed = await t.http
      .put('/api/auth/profile')
      .set(author.auth)
      .send({ name: 'Renamed Asker', email: author.user.email, profilePicture: '', bio: '' });
    expect(renamed.status).toBe(200);
    expect((await reply()).body.author.name).toBe('Renamed Asker');

    expect((await reply()).status).toBe(201);
    expect((await t.http.delete(`/api/discussions/${discussion._id}`).set(author.auth)).status).toBe(200);
    expect((await reply()).status).toBe(404);
  });

  it('leaving a class closes its discussions to the leaver at once', async () => {
    const cls = await makeClass(t, mentor);
    const leaver = await makeLearner(t);
    await enrol(t, cls, leaver);
    const discussion = await makeDiscussion(t, mentor, cls);
    await warm(t, () => get(t, leaver, `/api/discussions?classId=${cls.id}`));
    await warm(t, () => get(t, leaver, `/api/discussions/${discussion._id}`));
    expect((await t.http.post(`/api/classes/${cls.id}/unenroll`).set(leaver.auth)).status).toBe(200);
    expect((await get(t, leaver, `/api/discussions?classId=${cls.id}`)).status).toBe(403);
    expect((await get(t, leaver, `/api/discussions/${discussion._id}`)).status).toBe(403);
  });

  it('an author’s new name shows on their posts', async () => {
    const author = await makeLearner(t);
    const post = await makePost(t, author);
    await warm(t, () => feed(t, learner));
    const renamed = await t.http
      .put('/api/auth/profile')
      .set(author.auth)
      .send({ name: 'Renamed Author', email: author.user.email, profilePicture: '', bio: '' });
    expect(renamed.status).toBe(200);
    expect((await feed(t, learner)).find((p) => p._id === post._id)?.author.name).toBe('Renamed Author');
  });
});

describe('every process hears of changes made anywhere', () => {
  // Entries live for 60 s: a change seen well within that was heard, not waited out.
  let a: TestServer;
  let b: TestServer;
  let mentor: TestUser;
  let learner: TestUser;
  beforeAll(async () => {
    a = await startTestServer();
    // On PostgreSQL a second server on the same database, as a second process; PGlite has one process.
    b = usingPostgres() ? await startTestServer({ databaseUrl: a.ctx.config.databaseUrl }) : a;
    mentor = await makeVerifiedMentor(a);
    learner = await makeLearner(a);
  });
  afterAll(async () => {
    if (b !== a) await b.close();
    await a.close();
  });

  it('an enrolment on one process shows on the other', async () => {
    const cls = await makeClass(a, mentor);
    await warm(b, () => classOn(b, learner, cls.id));
    expect((await a.http.post(`/api/classes/${cls.id}/enroll`).set(learner.auth)).status).toBe(200);
    await eventually(async () => expect((await classOn(b, learner, cls.id)).studentCount).toBe(1));
  });

  it('a change made outside the server (SQL, a tool) reaches every process', async () => {
    const cls = await makeClass(a, mentor);
    const post = await makePost(a, learner);
    const servers = [...new Set([a, b])];
    for (const server of servers) {
      await warm(server, () => classOn(server, learner, cls.id));
      await warm(server, () => feed(server, learner));
    }
    await a.ctx.db.update(classes).set({ title: 'Changed Elsewhere' }).where(eq(classes.id, cls.id));
    await a.ctx.db.execute(sql`update community_posts set title = 'Edited by SQL' where id = ${post._id}`);
    for (const server of servers) {
      await eventually(async () => expect((await classOn(server, learner, cls.id)).title).toBe('Changed Elsewhere'));
      await eventually(async () =>
        expect((await get(server, learner, '/api/community?limit=50')).body[0]).toMatchObject({
          _id: post._id,
          title: 'Edited by SQL',
        }),
      );
    }
  });

  it.runIf(usingPostgres())(
    'when the listening connection drops, shared reads go to the database until it is back',
    async () => {
      const cls = await makeClass(a, mentor);
      await warm(b, () => classOn(b, learner, cls.id));
      await a.ctx.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${CHANGE_LISTENER_NAME}`,
      );
      await eventually(async () => expect(b.ctx.readCache.isListening).toBe(false));
      // Deaf meanwhile, so nothing is kept: a change now is seen although nobody announced it to b.
      expect(b.ctx.readCache.size).toBe(0);
      await a.ctx.db.update(classes).set({ title: 'Changed While Deaf' }).where(eq(classes.id, cls.id));
      expect((await classOn(b, learner, cls.id)).title).toBe('Changed While Deaf');
      // Listening again (after a second), it keeps and hears again.
      await eventually(async () => expect(b.ctx.readCache.isListening).toBe(true));
      await warm(b, () => classOn(b, learner, cls.id));
      await a.ctx.db.update(classes).set({ title: 'Heard Again' }).where(eq(classes.id, cls.id));
      await eventually(async () => expect((await classOn(b, learner, cls.id)).title).toBe('Heard Again'));
    },
  );
});
