import { LIVE_START_NOW_MINUTES, liveResponseSchema, liveRoomResponseSchema, MESSAGES } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_ID } from '../../test/expectations.js';
import {
  enrol,
  makeAdmin,
  makeBoth,
  makeClass,
  makeLearner,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { classes, classSessions } from '../db/schema.js';

let t: TestServer;
let admin: TestUser;
let mentor: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await makeAdmin(t);
  mentor = await makeVerifiedMentor(t);
});
afterAll(() => t.close());

async function classWithLearner() {
  const cls = await makeClass(t, mentor, { contentType: 'live', contentUrl: '' });
  const learner = await makeLearner(t);
  await enrol(t, cls, learner);
  return { cls, learner };
}

describe('POST /api/classes/{id}/live', () => {
  it("lets the class's mentor start the session and answers the room URL", async () => {
    const { cls, learner } = await classWithLearner();
    const before = Date.now();
    const res = await t.http.post(`/api/classes/${cls.id}/live`).set(mentor.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: `https://meet.jit.si/${cls.liveRoom}` });
    const [row] = await t.ctx.db.select().from(classes).where(eq(classes.id, cls.id));
    expect(row?.liveStartedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await t.http.get(`/api/classes/${cls.id}`).set(learner.auth)).body.live).toBe(true);
    const joined = await t.http.get(`/api/classes/${cls.id}/live`).set(learner.auth);
    expect(joined.body).toEqual({ url: res.body.url, live: true });
  });

  it('refuses everyone else (403), unknown or malformed ids (404) and signed-out callers (401)', async () => {
    const { cls, learner } = await classWithLearner();
    for (const who of [learner, admin, await makeLearner(t), await makeVerifiedMentor(t), await makeBoth(t)]) {
      const res = await t.http.post(`/api/classes/${cls.id}/live`).set(who.auth);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.server.classMentorOnly);
    }
    expect((await t.http.post(`/api/classes/${cls.id}/live`)).status).toBe(401);
    expect((await t.http.post(`/api/classes/${UNKNOWN_ID}/live`).set(mentor.auth)).status).toBe(404);
    expect((await t.http.post('/api/classes/live/live').set(mentor.auth)).status).toBe(404);
    const [row] = await t.ctx.db.select().from(classes).where(eq(classes.id, cls.id));
    expect(row?.liveStartedAt).toBeNull();
  });
});

describe('GET /api/classes/{id}/live', () => {
  it('answers enrolled users, its mentor and admins with the room URL and whether it is live', async () => {
    const { cls, learner } = await classWithLearner();
    for (const who of [learner, mentor, admin]) {
      const res = await t.http.get(`/api/classes/${cls.id}/live`).set(who.auth);
      expect(res.status).toBe(200);
      expect(liveResponseSchema.parse(res.body)).toEqual({ url: `https://meet.jit.si/${cls.liveRoom}`, live: false });
    }
  });

  it('is live while a scheduled session runs or one its mentor started is on, and not after (issue #37.2)', async () => {
    const { cls, learner } = await classWithLearner();
    const live = async () => (await t.http.get(`/api/classes/${cls.id}/live`).set(learner.auth)).body.live;
    const detailLive = async () => (await t.http.get(`/api/classes/${cls.id}`).set(learner.auth)).body.live;
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

    // Started on the spot an hour ago: still on. Longer ago than a started session lasts: over.
    await t.ctx.db
      .update(classes)
      .set({ liveStartedAt: ago(60) })
      .where(eq(classes.id, cls.id));
    t.ctx.readCache.changed('classes');
    expect([await live(), await detailLive()]).toEqual([true, true]);
    await t.ctx.db
      .update(classes)
      .set({ liveStartedAt: ago(LIVE_START_NOW_MINUTES + 1) })
      .where(eq(classes.id, cls.id));
    t.ctx.readCache.changed('classes');
    expect([await live(), await detailLive()]).toEqual([false, false]);

    // A scheduled session that began five minutes ago is on; a cancelled one is not.
    const [session] = await t.ctx.db
      .insert(classSessions)
      .values({ classId: cls.id, startsAt: ago(5), durationMinutes: 60 })
      .returning();
    expect(await live()).toBe(true);
    await t.ctx.db
      .update(classSessions)
      .set({ cancelledAt: new Date() })
      .where(eq(classSessions.id, session?.id ?? ''));
    expect(await live()).toBe(false);
  });

  it('is never live for a class that is not live, even once started', async () => {
    const video = await makeClass(t, mentor, { contentType: 'video', contentUrl: 'https://video.example/v' });
    await t.ctx.db.update(classes).set({ liveStartedAt: new Date() }).where(eq(classes.id, video.id));
    t.ctx.readCache.changed('classes');
    expect((await t.http.get(`/api/classes/${video.id}`).set(mentor.auth)).body.live).toBe(false);
    expect((await t.http.get(`/api/classes/${video.id}/live`).set(mentor.auth)).body.live).toBe(false);
  });

  it('cannot be started for a video or file class (409), which has no live sessions', async () => {
    for (const contentType of ['video', 'uploadable'] as const) {
      const other = await makeClass(t, mentor, { contentType, contentUrl: 'https://video.example/v' });
      const res = await t.http.post(`/api/classes/${other.id}/live`).set(mentor.auth);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(MESSAGES.server.notLiveClass);
      const [row] = await t.ctx.db.select().from(classes).where(eq(classes.id, other.id));
      expect(row?.liveStartedAt).toBeNull();
    }
  });

  it('refuses users outside the class (403), unknown or malformed ids (404), signed out (401)', async () => {
    const { cls } = await classWithLearner();
    for (const who of [await makeLearner(t), await makeVerifiedMentor(t), await makeBoth(t, { verified: true })]) {
      const res = await t.http.get(`/api/classes/${cls.id}/live`).set(who.auth);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.server.liveMembersOnly);
    }
    expect((await t.http.get(`/api/classes/${cls.id}/live`)).status).toBe(401);
    expect((await t.http.get(`/api/classes/${UNKNOWN_ID}/live`).set(admin.auth)).status).toBe(404);
    expect((await t.http.get('/api/classes/1/live').set(admin.auth)).status).toBe(404);
  });

  it('gives every class its own unguessable room, never shown in class responses', async () => {
    const a = await makeClass(t, mentor);
    const b = await makeClass(t, mentor);
    expect(a.liveRoom).not.toBe(b.liveRoom);
    expect(a.liveRoom).toMatch(/^mentora-[0-9a-f]{32}$/);
    const detail = await t.http.get(`/api/classes/${a.id}`).set(admin.auth);
    expect(JSON.stringify(detail.body)).not.toContain(a.liveRoom);
    const list = await t.http.get('/api/classes').set(admin.auth);
    expect(JSON.stringify(list.body)).not.toContain(a.liveRoom);
  });
});

describe('POST /api/classes/{id}/live/room', () => {
  const rotate = (who: TestUser | undefined, id: string) => {
    const req = t.http.post(`/api/classes/${id}/live/room`);
    return who ? req.set(who.auth) : req;
  };

  it('gives the class a new room: start and join hand out only the new URL, for the mentor and its learners', async () => {
    const { cls, learner } = await classWithLearner();
    const oldUrl = `https://meet.jit.si/${cls.liveRoom}`;
    expect((await t.http.get(`/api/classes/${cls.id}/live`).set(learner.auth)).body.url).toBe(oldUrl);

    const res = await rotate(mentor, cls.id);
    expect(res.status).toBe(200);
    expect(liveRoomResponseSchema.parse(res.body)).toEqual({
      url: expect.stringMatching(/^https:\/\/meet\.jit\.si\/mentora-[0-9a-f]{32}$/),
    });
    expect(res.body.url).not.toBe(oldUrl);
    const [row] = await t.ctx.db.select().from(classes).where(eq(classes.id, cls.id));
    expect(`https://meet.jit.si/${row?.liveRoom}`).toBe(res.body.url);

    const handedOut = [
      (await t.http.get(`/api/classes/${cls.id}/live`).set(learner.auth)).body.url,
      (await t.http.get(`/api/classes/${cls.id}/live`).set(mentor.auth)).body.url,
      (await t.http.get(`/api/classes/${cls.id}/live`).set(admin.auth)).body.url,
      (await t.http.post(`/api/classes/${cls.id}/live`).set(mentor.auth)).body.url,
      (await t.http.get(`/api/classes/${cls.id}/live`).set(learner.auth)).body.url,
    ];
    expect(handedOut).toEqual(Array(handedOut.length).fill(res.body.url));

    // Again: each rotation is a room never handed out before.
    const again = await rotate(mentor, cls.id);
    expect(again.status).toBe(200);
    expect([oldUrl, res.body.url]).not.toContain(again.body.url);
    expect((await t.http.get(`/api/classes/${cls.id}/live`).set(learner.auth)).body.url).toBe(again.body.url);
  });

  it('refuses its learners, other mentors and admins (403), unknown or malformed ids (404), signed out (401)', async () => {
    const { cls, learner } = await classWithLearner();
    for (const who of [learner, admin, await makeLearner(t), await makeVerifiedMentor(t), await makeBoth(t)]) {
      const res = await rotate(who, cls.id);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.server.classMentorOnly);
    }
    expect((await rotate(undefined, cls.id)).status).toBe(401);
    expect((await rotate(mentor, UNKNOWN_ID)).status).toBe(404);
    expect((await rotate(mentor, 'live')).status).toBe(404);
    const [row] = await t.ctx.db.select().from(classes).where(eq(classes.id, cls.id));
    expect(row?.liveRoom).toBe(cls.liveRoom);
  });
});

describe('LIVE_BASE_URL', () => {
  it('builds room URLs on the configured streaming site', async () => {
    const other = await startTestServer({ env: { LIVE_BASE_URL: 'https://live.example.test/rooms' } });
    try {
      const owner = await makeVerifiedMentor(other);
      const created = await other.http
        .post('/api/classes')
        .set(owner.auth)
        .send({ title: 'Live', description: 'Live class', category: 'other', contentType: 'live' });
      expect(created.status).toBe(201);
      const res = await other.http.post(`/api/classes/${created.body._id}/live`).set(owner.auth);
      expect(res.body.url).toMatch(/^https:\/\/live\.example\.test\/rooms\/mentora-[0-9a-f]{32}$/);
    } finally {
      await other.close();
    }
  });
});
