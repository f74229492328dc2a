import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD,
  enrol,
  makeClassWithLearners,
  makeLearner,
  makeMaterial,
  PDF_BYTES,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { classMaterials, discussions, moderationEntries, reviews, users } from '../db/schema.js';

// Flagged text and its entry in the review queue are written in one transaction (autoFlags.ts): they
// exist together or not at all. To show it, the database refuses every automatic flag while a test
// runs (a trigger, the way a crash or a lost connection would refuse it): the write that carried the
// text must then fail whole, leaving neither text nor flag, instead of keeping text the queue never
// hears of. Without the refusal both are written (moderation.test.ts "automatic flags").

const HOSTILE = 'You are a complete idiot and nobody wants you here';
const THREAT = 'I will find you and hurt you, watch your back';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await t.ctx.db.execute(sql`
    create function refuse_auto_flag() returns trigger language plpgsql as $$
    begin raise exception 'the automatic flag was refused (test)'; end $$`);
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.ctx.db.execute(sql`
    create trigger refuse_auto_flag before insert or update on moderation_entries
    for each row when (new.auto_flag is not null) execute function refuse_auto_flag()`);
});
afterEach(async () => {
  await t.ctx.db.execute(sql`drop trigger refuse_auto_flag on moderation_entries`);
});

const flags = () => t.ctx.db.select().from(moderationEntries).where(isNotNull(moderationEntries.autoFlag));

describe('an automatic flag that cannot be written takes its text with it', () => {
  it('a discussion, flagged or a threat stored hidden: neither is written; clean text is', async () => {
    const { cls, learners } = await makeClassWithLearners(t, 1);
    const [author] = learners;
    for (const content of [HOSTILE, THREAT]) {
      const res = await t.http
        .post('/api/discussions')
        .set(author?.auth ?? {})
        .send({ classId: cls.id, title: 'Flagged', content });
      expect(res.status, content).toBe(500);
    }
    expect(await t.ctx.db.select().from(discussions).where(eq(discussions.classId, cls.id))).toEqual([]);
    expect(await flags()).toEqual([]);
    // The refusal is the flag's alone: text that is not flagged is written as ever.
    const clean = await t.http
      .post('/api/discussions')
      .set(author?.auth ?? {})
      .send({ classId: cls.id, title: 'Week one', content: 'Thanks for the notes' });
    expect(clean.status).toBe(201);
  });

  it('a review', async () => {
    const { cls } = await makeClassWithLearners(t, 0);
    const reviewer = await makeLearner(t);
    await enrol(t, cls, reviewer);
    const res = await t.http
      .post('/api/reviews')
      .set(reviewer.auth)
      .send({ classId: cls.id, rating: 1, comment: HOSTILE });
    expect(res.status).toBe(500);
    expect(await t.ctx.db.select().from(reviews).where(eq(reviews.classId, cls.id))).toEqual([]);
    expect(await flags()).toEqual([]);
  });

  it('a class material’s name, uploaded or renamed', async () => {
    const { mentor, cls } = await makeClassWithLearners(t, 0);
    const upload = await t.http
      .post(`/api/classes/${cls.id}/materials`)
      .set(mentor.auth)
      .attach('file', PDF_BYTES, `${HOSTILE}.pdf`);
    expect(upload.status).toBe(500);
    expect(await t.ctx.db.select().from(classMaterials).where(eq(classMaterials.classId, cls.id))).toEqual([]);
    const material = await makeMaterial(t, mentor, cls, { name: 'Week 1.pdf' });
    const rename = await t.http
      .patch(`/api/materials/${material._id}`)
      .set(mentor.auth)
      .send({ name: `${THREAT}.pdf` });
    expect(rename.status).toBe(500);
    const [kept] = await t.ctx.db.select().from(classMaterials).where(eq(classMaterials.id, material._id));
    expect(kept).toMatchObject({ name: 'Week 1.pdf', hidden: false });
    expect(await flags()).toEqual([]);
  });

  it('a profile, registered or edited', async () => {
    const email = `flag-refused-${Date.now()}@example.test`;
    const registered = await t.http
      .post('/api/auth/register')
      .send({ name: 'Plain Name', email, password: DEFAULT_PASSWORD, role: 'learner', bio: HOSTILE });
    expect(registered.status).toBe(500);
    expect(await t.ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const learner = await makeLearner(t);
    const edited = await t.http
      .put('/api/auth/profile')
      .set(learner.auth)
      .send({ name: learner.user.name, email: learner.user.email, bio: THREAT });
    expect(edited.status).toBe(500);
    const [kept] = await t.ctx.db.select().from(users).where(eq(users.id, learner.user.id));
    expect(kept).toMatchObject({ bio: learner.user.bio, hidden: false });
    expect(await flags()).toEqual([]);
  });
});
