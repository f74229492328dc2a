import {
  classMaterialsResponseSchema,
  MESSAGES,
  type ModerationEntry,
  moderationQueueResponseSchema,
} from '@mentora/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  giveStanding,
  makeAdmin,
  makeClassWithLearners,
  makeLearner,
  makeMaterial,
  PDF_BYTES,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { classMaterials, jobs } from '../db/schema.js';
import { HIDDEN_NOTICE } from '../moderation/visibility.js';

// Class materials are user content like any (issue #35): members report them, a moderator hides,
// keeps or deletes them through the queue, their names get the automatic check, and a hidden one
// follows the one visibility rule (moderation/visibility.ts): its name is the notice for everyone but
// the class's mentor and admins, who alone may still download it.

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const HOSTILE = 'You are a complete idiot and nobody wants you here.pdf';
const THREAT = 'I will find you and hurt you, watch your back.pdf';

let t: TestServer;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

const report = (who: TestUser, targetId: string) =>
  t.http.post('/api/reports').set(who.auth).send({ targetType: 'material', targetId, reason: 'inappropriate' });

async function entryFor(targetId: string): Promise<ModerationEntry | undefined> {
  const res = await t.http.get('/api/moderation/queue?status=open&targetType=material&limit=100').set(admin.auth);
  expect(res.status).toBe(200);
  return moderationQueueResponseSchema.parse(res.body).items.find((item) => item.targetId === targetId);
}

const resolve = (entry: ModerationEntry | undefined, action: 'dismiss' | 'hide' | 'delete') =>
  t.http.post(`/api/moderation/queue/${entry?._id}/resolve`).set(admin.auth).send({ action });

async function listed(classId: string, who: TestUser) {
  const res = await t.http.get(`/api/classes/${classId}/materials`).set(who.auth);
  expect(res.status).toBe(200);
  return classMaterialsResponseSchema.parse(res.body).materials;
}

const download = (id: string, who: TestUser) => t.http.get(`/api/materials/${id}/download`).set(who.auth);

describe('reporting a class material', () => {
  it('is open to the class’s members but its mentor; the entry names the file, its class and its mentor', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 1);
    const learner = learners[0] as TestUser;
    const material = await makeMaterial(t, mentor, cls, { name: 'Week 1.pdf' });
    const res = await report(learner, material._id);
    expect(res.status).toBe(201);
    expect(res.body.report).toMatchObject({ targetType: 'material', targetId: material._id });
    const entry = await entryFor(material._id);
    expect(entry?.target).toMatchObject({
      type: 'material',
      title: 'Week 1.pdf',
      author: { _id: mentor.user.id },
      context: { type: 'class', _id: cls.id, title: cls.title },
    });
    // The mentor's own file; someone outside the class; no such file.
    const own = await report(mentor, material._id);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(MESSAGES.moderation.cannotReportOwn);
    expect((await report(await makeLearner(t), material._id)).status).toBe(404);
    expect((await report(learner, UNKNOWN_ID)).status).toBe(404);
  });

  it('hidden, it is the notice to learners and cannot be downloaded by them; its mentor and admins keep it', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 4);
    const [learner, ...reporters] = learners as [TestUser, TestUser, TestUser, TestUser];
    const material = await makeMaterial(t, mentor, cls, { name: 'Handout.pdf' });
    // Reporters with standing hide it, as any content.
    for (const who of reporters) await giveStanding(t, who);
    for (const who of reporters) expect((await report(who, material._id)).status).toBe(201);
    const entry = await entryFor(material._id);
    expect(entry?.hidden).toBe(true);

    expect((await listed(cls.id, learner)).find((m) => m._id === material._id)).toMatchObject({
      name: HIDDEN_NOTICE,
      hidden: true,
    });
    const refused = await download(material._id, learner);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.materials.hidden);
    for (const who of [mentor, admin]) {
      expect((await listed(cls.id, who)).find((m) => m._id === material._id)).toMatchObject({
        name: 'Handout.pdf',
        hidden: true,
      });
      expect((await download(material._id, who)).status).toBe(200);
    }

    // Kept by a moderator: shown and downloadable again.
    expect((await resolve(entry, 'dismiss')).status).toBe(200);
    const shown = (await listed(cls.id, learner)).find((m) => m._id === material._id);
    expect(shown).toMatchObject({ name: 'Handout.pdf' });
    expect(shown?.hidden).toBeUndefined();
    expect((await download(material._id, learner)).status).toBe(200);
  });

  it('deleted through the queue, the row and its file go', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 1);
    const material = await makeMaterial(t, mentor, cls);
    const [row] = await t.ctx.db.select().from(classMaterials).where(eq(classMaterials.id, material._id));
    await report(learners[0] as TestUser, material._id);
    const res = await resolve(await entryFor(material._id), 'delete');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ target: null, resolution: { action: 'delete' } });
    expect(await t.ctx.db.select().from(classMaterials).where(eq(classMaterials.id, material._id))).toEqual([]);
    const queued = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'file-delete'));
    expect(queued.map((j) => (j.payload as { key: string }).key)).toContain(row?.storageKey);
  });
});

describe('the automatic check of a material’s name', () => {
  it('queues a hostile name, and hides a threatening one from the start, naming it to learners by the notice', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 1);
    const learner = learners[0] as TestUser;
    const hostile = await makeMaterial(t, mentor, cls, { name: HOSTILE });
    expect(hostile.hidden).toBeUndefined();
    expect((await entryFor(hostile._id))?.autoFlag).toMatchObject({ severe: false });

    const threat = await makeMaterial(t, mentor, cls, { name: THREAT });
    expect(threat).toMatchObject({ name: THREAT, hidden: true });
    expect(await entryFor(threat._id)).toMatchObject({ hidden: true, autoFlag: { severe: true } });
    expect((await listed(cls.id, learner)).find((m) => m._id === threat._id)?.name).toBe(HIDDEN_NOTICE);
    const bell = (await t.http.get('/api/notifications').set(learner.auth)).body.notifications as { message: string }[];
    expect(bell.map((n) => n.message)).toContain(
      MESSAGES.notifications.materialAdded(mentor.user.name, HIDDEN_NOTICE, cls.title),
    );
    expect(JSON.stringify(bell)).not.toContain('hurt you');
  });

  it('checks a new name too: a threatening rename hides the file and queues it', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 1);
    const material = await makeMaterial(t, mentor, cls, { name: 'Notes.pdf', bytes: PDF_BYTES });
    const res = await t.http.patch(`/api/materials/${material._id}`).set(mentor.auth).send({ name: THREAT });
    expect(res.status).toBe(200);
    expect(res.body.material).toMatchObject({ name: THREAT, hidden: true });
    expect(await entryFor(material._id)).toMatchObject({ hidden: true, autoFlag: { severe: true } });
    expect((await download(material._id, learners[0] as TestUser)).status).toBe(403);
  });
});
