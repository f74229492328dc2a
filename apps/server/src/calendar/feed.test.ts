import { type CalendarFeedResponse, calendarFeedResponseSchema, MESSAGES } from '@mentora/contract';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enrol,
  makeAdmin,
  makeClass,
  makeClassWithLearners,
  makeLearner,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { sessionUid } from '../classes/sessions.js';
import type { ClassRow } from '../db/schema.js';

// The private calendar feed (issue #25): a URL per user, fetched by calendar apps without any session,
// listing the sessions of the user's classes; resetting it makes a new URL and ends the old one.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const HOUR = 3_600_000;

async function feedUrl(who: TestUser, reset = false): Promise<string> {
  const res = reset
    ? await t.http.post('/api/calendar/feed/reset').set(who.auth)
    : await t.http.get('/api/calendar/feed').set(who.auth);
  expect(res.status).toBe(200);
  return (calendarFeedResponseSchema.parse(res.body) as CalendarFeedResponse).url;
}

/** The feed as a calendar app gets it: a plain GET of the URL, no cookie, no token header. */
async function fetchFeed(url: string) {
  const path = new URL(url).pathname;
  const res = await fetch(`${t.baseUrl}${path}`);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

async function events(url: string): Promise<VEvent[]> {
  const got = await fetchFeed(url);
  expect(got.status).toBe(200);
  expect(got.type).toMatch(/^text\/calendar; charset=utf-8/);
  return Object.values(ical.sync.parseICS(got.text)).filter((c): c is VEvent => c?.type === 'VEVENT');
}

async function schedule(mentor: TestUser, cls: ClassRow, hours: number, title = '') {
  // Whole seconds: iCalendar times have no milliseconds.
  const startsAt = new Date(Math.floor((Date.now() + hours * HOUR) / 1000) * 1000);
  const res = await t.http
    .post(`/api/classes/${cls.id}/sessions`)
    .set(mentor.auth)
    .send({ title, startsAt: startsAt.toISOString(), durationMinutes: 45 });
  expect(res.status).toBe(201);
  return { id: res.body._id as string, startsAt };
}

describe('the calendar feed', () => {
  it('lists the sessions of the classes its owner is enrolled in or mentors, and no others', async () => {
    const { mentor, cls, learners } = await makeClassWithLearners(t, 1);
    const [learner] = learners as [TestUser];
    const otherClass = await makeClass(t, mentor, { title: 'Not theirs' });
    const taught = await makeClass(t, mentor, { title: 'Mentored' });
    const first = await schedule(mentor, cls, 24, 'Kick-off');
    const second = await schedule(mentor, cls, 48);
    const cancelled = await schedule(mentor, cls, 72, 'Called off');
    await t.http.delete(`/api/classes/${cls.id}/sessions/${cancelled.id}`).set(mentor.auth);
    const elsewhere = await schedule(mentor, otherClass, 24, 'Elsewhere');
    const teaching = await schedule(mentor, taught, 30, 'Teaching');

    const url = await feedUrl(learner);
    expect(url).toMatch(new RegExp(`^${t.ctx.config.publicUrl}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await feedUrl(learner)).toBe(url);
    const mine = await events(url);
    expect(mine.map((e) => e.uid)).toEqual([sessionUid(first.id), sessionUid(second.id)]);
    expect(mine[0]).toMatchObject({
      summary: `Kick-off (${cls.title})`,
      url: { val: `${t.ctx.config.publicUrl}/classes/${cls.id}` },
    });
    expect(mine[0]?.start.getTime()).toBe(first.startsAt.getTime());
    expect(mine[0]?.end?.getTime()).toBe(first.startsAt.getTime() + 45 * 60_000);
    expect(mine[1]?.summary).toBe(cls.title);

    // The mentor's feed has every class they teach.
    const taughtUids = (await events(await feedUrl(mentor))).map((e) => e.uid);
    expect(taughtUids.sort()).toEqual([first.id, second.id, elsewhere.id, teaching.id].map(sessionUid).sort());

    // Leaving the class takes its sessions out of the feed.
    expect((await t.http.post(`/api/classes/${cls.id}/unenroll`).set(learner.auth)).status).toBe(200);
    expect(await events(url)).toEqual([]);
    await enrol(t, otherClass, learner);
    expect((await events(url)).map((e) => e.uid)).toEqual([sessionUid(elsewhere.id)]);
  });

  it('is a new URL after a reset, and the old one is a 404', async () => {
    const learner = await makeLearner(t);
    const old = await feedUrl(learner);
    const fresh = await feedUrl(learner, true);
    expect(fresh).not.toBe(old);
    expect(await feedUrl(learner)).toBe(fresh);
    const gone = await fetchFeed(old);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.text).message).toBe(MESSAGES.server.calendarFeedNotFound);
    expect(await events(fresh)).toEqual([]);
  });

  it('is a 404 for a token nobody holds or a malformed one, and goes with its owner', async () => {
    for (const token of ['x'.repeat(43), 'short', `${'a'.repeat(42)}%2F`]) {
      expect((await fetch(`${t.baseUrl}/api/calendar/${token}.ics`)).status).toBe(404);
    }
    const learner = await makeLearner(t);
    const url = await feedUrl(learner);
    const admin = await makeAdmin(t);
    expect((await t.http.delete(`/api/users/learner/${learner.user.id}`).set(admin.auth)).status).toBe(200);
    expect((await fetchFeed(url)).status).toBe(404);
  });

  it('is a 404 while its owner is suspended, and back when the suspension is lifted', async () => {
    const learner = await makeLearner(t);
    const admin = await makeAdmin(t);
    const url = await feedUrl(learner);
    const suspended = await t.http
      .post(`/api/users/${learner.user.id}/sanctions`)
      .set(admin.auth)
      .send({ kind: 'suspend', days: 3, reason: 'Spam' });
    expect(suspended.status).toBe(201);
    expect((await fetchFeed(url)).status).toBe(404);
    const lifted = await t.http
      .delete(`/api/users/${learner.user.id}/sanctions/${suspended.body.sanction._id}`)
      .set(admin.auth)
      .send({ reason: 'Appeal granted' });
    expect(lifted.status).toBe(200);
    expect((await fetchFeed(url)).status).toBe(200);
  });

  it('needs a signed-in caller to learn or reset the URL', async () => {
    expect((await t.http.get('/api/calendar/feed')).status).toBe(401);
    expect((await t.http.post('/api/calendar/feed/reset')).status).toBe(401);
  });
});
