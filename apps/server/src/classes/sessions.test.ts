import { classSessionSchema, classSessionsResponseSchema, formatUtc, MESSAGES } from '@mentora/contract';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_ID } from '../../test/expectations.js';
import {
  enrol,
  makeAdmin,
  makeClass,
  makeLearner,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import type { ClassRow } from '../db/schema.js';
import { sessionUid } from './sessions.js';

// Scheduled sessions (issue #25): the class's mentor schedules, moves and cancels them; its members read
// them and take one into a calendar; enrolled learners are told of every change.

let t: TestServer;
let admin: TestUser;
let mentor: TestUser;
let learner: TestUser;
let outsider: TestUser;
let cls: ClassRow;
beforeAll(async () => {
  t = await startTestServer();
  admin = await makeAdmin(t);
  mentor = await makeVerifiedMentor(t, { name: 'Mentor Mo' });
  learner = await makeLearner(t);
  outsider = await makeLearner(t);
  cls = await makeClass(t, mentor, { title: 'Rust basics' });
  await enrol(t, cls, learner);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
const body = (o: Record<string, unknown> = {}) => ({
  title: 'Ownership',
  startsAt: inHours(24),
  durationMinutes: 60,
  ...o,
});
const schedule = (who: TestUser, o: Record<string, unknown> = {}, c: ClassRow = cls) =>
  t.http.post(`/api/classes/${c.id}/sessions`).set(who.auth).send(body(o));
const list = (who: TestUser, c: ClassRow = cls) => t.http.get(`/api/classes/${c.id}/sessions`).set(who.auth);
const edit = (who: TestUser, sid: string, o: Record<string, unknown> = {}) =>
  t.http.put(`/api/classes/${cls.id}/sessions/${sid}`).set(who.auth).send(body(o));
const cancel = (who: TestUser, sid: string) => t.http.delete(`/api/classes/${cls.id}/sessions/${sid}`).set(who.auth);
const ics = (who: TestUser, sid: string) =>
  t.http
    .get(`/api/classes/${cls.id}/sessions/${sid}.ics`)
    .set(who.auth)
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => done(null, text));
    });
const edit2 = (c: ClassRow, sid: string, o: Record<string, unknown>) =>
  t.http.put(`/api/classes/${c.id}/sessions/${sid}`).set(mentor.auth).send(body(o));
const inbox = async (who: TestUser) =>
  (await t.http.get('/api/notifications').set(who.auth)).body.notifications as { kind: string; message: string }[];

describe('scheduling, moving and cancelling', () => {
  it('the mentor schedules a session; members and admins list it, soonest first', async () => {
    const later = await schedule(mentor, { startsAt: inHours(48), title: '' });
    const sooner = await schedule(mentor, { startsAt: inHours(2), durationMinutes: 15 });
    expect(later.status).toBe(201);
    expect(sooner.status).toBe(201);
    const s = classSessionSchema.strict().parse(sooner.body);
    expect(s).toMatchObject({ classId: cls.id, title: 'Ownership', durationMinutes: 15 });
    expect(new Date(s.endsAt).getTime() - new Date(s.startsAt).getTime()).toBe(15 * 60_000);

    for (const who of [mentor, learner, admin]) {
      const res = await list(who);
      expect(res.status).toBe(200);
      const ids = classSessionsResponseSchema
        .strict()
        .parse(res.body)
        .sessions.map((x) => x._id);
      expect(ids.indexOf(sooner.body._id)).toBeLessThan(ids.indexOf(later.body._id));
    }
  });

  it('the mentor moves and cancels a session; a cancelled one leaves the list', async () => {
    const { body: s } = await schedule(mentor);
    const moved = await edit(mentor, s._id, { title: 'Borrowing', startsAt: inHours(30), durationMinutes: 90 });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ _id: s._id, title: 'Borrowing', durationMinutes: 90 });
    const gone = await cancel(mentor, s._id);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ message: MESSAGES.server.sessionCancelled });
    expect((await list(learner)).body.sessions.map((x: { _id: string }) => x._id)).not.toContain(s._id);
    expect((await cancel(mentor, s._id)).status).toBe(404);
    expect((await edit(mentor, s._id)).status).toBe(404);
  });

  it('nobody but the mentor writes: learners, outsiders and admins get 403', async () => {
    const { body: s } = await schedule(mentor);
    for (const who of [learner, outsider, admin]) {
      expect((await schedule(who)).status).toBe(403);
      expect((await edit(who, s._id)).status).toBe(403);
      const res = await cancel(who, s._id);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.server.sessionMentorOnly);
    }
  });

  it('outsiders cannot read them (403), nor anyone without a session (401)', async () => {
    const { body: s } = await schedule(mentor);
    const res = await list(outsider);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.server.sessionMembersOnly);
    expect((await ics(outsider, s._id)).status).toBe(403);
    expect((await t.http.get(`/api/classes/${cls.id}/sessions`)).status).toBe(401);
  });

  it('refuses a start in the past, when scheduled and when moved (400)', async () => {
    const past = await schedule(mentor, { startsAt: inHours(-1) });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(MESSAGES.server.sessionStartInPast);
    const { body: s } = await schedule(mentor);
    expect((await edit(mentor, s._id, { startsAt: inHours(-0.01) })).status).toBe(400);
  });

  it.each([14, 481, 30.5, '60'])('refuses a duration of %s (400)', async (durationMinutes) => {
    expect((await schedule(mentor, { durationMinutes })).status).toBe(400);
  });

  it('refuses to schedule one for a video or file class (409), which has no live sessions', async () => {
    for (const contentType of ['video', 'uploadable'] as const) {
      const other = await makeClass(t, mentor, { contentType, contentUrl: 'https://video.example/v' });
      const res = await schedule(mentor, {}, other);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(MESSAGES.server.notLiveClass);
      expect((await list(mentor, other)).body.sessions).toEqual([]);
    }
  });

  it('accepts the bounds, 15 and 480 minutes', async () => {
    expect((await schedule(mentor, { durationMinutes: 15 })).status).toBe(201);
    expect((await schedule(mentor, { durationMinutes: 480 })).status).toBe(201);
  });

  it('404 for an unknown class or session', async () => {
    expect((await t.http.get(`/api/classes/${UNKNOWN_ID}/sessions`).set(mentor.auth)).status).toBe(404);
    expect((await edit(mentor, UNKNOWN_ID)).status).toBe(404);
    expect((await ics(learner, UNKNOWN_ID)).status).toBe(404);
  });

  it('a session of another class is not reached through this one (404)', async () => {
    const other = await makeClass(t, mentor);
    const { body: s } = await schedule(mentor, {}, other);
    expect((await edit(mentor, s._id)).status).toBe(404);
    expect((await ics(learner, s._id)).status).toBe(404);
  });
});

describe('notifications', () => {
  it('enrolled learners are told when a session is scheduled, moved and cancelled; nobody else is', async () => {
    const c = await makeClass(t, mentor, { title: 'Go in depth' });
    const a = await makeLearner(t);
    const b = await makeLearner(t);
    await enrol(t, c, a);
    await enrol(t, c, b);
    const { body: s } = await schedule(mentor, { title: 'Channels' }, c);
    const put = (o: Record<string, unknown>) =>
      t.http
        .put(`/api/classes/${c.id}/sessions/${s._id}`)
        .set(mentor.auth)
        .send(body({ title: 'Channels', ...o }));
    // Saved with nothing changed: no news.
    expect((await put({ title: 'Channels', startsAt: s.startsAt, durationMinutes: 60 })).status).toBe(200);
    expect((await put({ startsAt: inHours(50) })).status).toBe(200);
    for (const who of [a, b]) {
      const mine = (await inbox(who)).filter((n) => n.kind.startsWith('session_'));
      expect(mine.map((n) => n.kind).sort()).toEqual(['session_moved', 'session_scheduled']);
      expect(mine.find((n) => n.kind === 'session_scheduled')?.message).toBe(
        MESSAGES.notifications.sessionScheduled('Mentor Mo', 'Channels', 'Go in depth'),
      );
    }
    expect((await t.http.delete(`/api/classes/${c.id}/sessions/${s._id}`).set(mentor.auth)).status).toBe(200);

    // Once cancelled, what announced or moved it is withdrawn: the cancellation says it all (issue #37).
    for (const who of [a, b]) {
      const mine = (await inbox(who)).filter((n) => n.kind.startsWith('session_'));
      expect(mine.map((n) => n.kind)).toEqual(['session_cancelled']);
    }
    expect((await inbox(mentor)).filter((n) => n.kind.startsWith('session_'))).toEqual([]);
    expect((await inbox(outsider)).filter((n) => n.kind.startsWith('session_'))).toEqual([]);
  });

  it('a change says what changed: the new start, the new length, or the new title (issue #37)', async () => {
    const c = await makeClass(t, mentor, { title: 'Go in depth' });
    const a = await makeLearner(t);
    await enrol(t, c, a);
    const startsAt = new Date(Math.ceil((Date.now() + 24 * HOUR) / 60_000) * 60_000).toISOString();
    const { body: s } = await schedule(mentor, { title: 'Channels', startsAt }, c);
    const put = (o: Record<string, unknown>) =>
      t.http
        .put(`/api/classes/${c.id}/sessions/${s._id}`)
        .set(mentor.auth)
        .send({ title: 'Channels', startsAt, durationMinutes: 60, ...o });
    const latest = async () => (await inbox(a)).filter((n) => n.kind === 'session_moved').map((n) => n.message);

    expect((await put({ durationMinutes: 90 })).status).toBe(200);
    expect(await latest()).toEqual([
      'Mentor Mo changed the length of the session “Channels” of “Go in depth”: now 90 minutes',
    ]);

    expect((await put({ title: 'Goroutines', durationMinutes: 90 })).status).toBe(200);
    expect((await latest())[0]).toBe('Mentor Mo renamed the session “Channels” of “Go in depth” to “Goroutines”');

    const later = new Date(Date.parse(startsAt) + 26 * HOUR);
    expect((await put({ title: 'Goroutines', startsAt: later.toISOString(), durationMinutes: 90 })).status).toBe(200);
    expect((await latest())[0]).toBe(
      `Mentor Mo moved the session “Goroutines” of “Go in depth” to ${formatUtc(later)}`,
    );
    // A new start and a new length together: both are said.
    const sooner = new Date(Date.parse(startsAt) + 2 * HOUR);
    expect((await put({ title: 'Goroutines', startsAt: sooner.toISOString(), durationMinutes: 45 })).status).toBe(200);
    expect((await latest())[0]).toBe(
      `Mentor Mo moved the session “Goroutines” of “Go in depth” to ${formatUtc(sooner)} (now 45 minutes)`,
    );
    // Saved as it is: nothing a learner cares about changed, so nothing is said.
    expect((await put({ title: 'Goroutines', startsAt: sooner.toISOString(), durationMinutes: 45 })).status).toBe(200);
    expect(await latest()).toHaveLength(4);
    // An untitled session taking a title is renamed too, named by its class before.
    const { body: u } = await schedule(mentor, { title: '' }, c);
    await t.http
      .put(`/api/classes/${c.id}/sessions/${u._id}`)
      .set(mentor.auth)
      .send({ title: 'Select', startsAt: u.startsAt, durationMinutes: u.durationMinutes });
    expect((await latest())[0]).toBe('Mentor Mo renamed a session of “Go in depth” to “Select”');
  });

  it('cancelling withdraws its earlier unread notices, and the bell counts right away (issue #37)', async () => {
    const c = await makeClass(t, mentor, { title: 'Counted' });
    const a = await makeLearner(t);
    await enrol(t, c, a);
    const { body: s } = await schedule(mentor, { title: 'One' }, c);
    await edit2(c, s._id, { title: 'Two' });
    const count = async () => (await t.http.get('/api/notifications').set(a.auth)).body.unreadCount as number;
    const before = await count();
    await t.http.delete(`/api/classes/${c.id}/sessions/${s._id}`).set(mentor.auth);
    // Two notices withdrawn, one cancellation raised.
    expect(await count()).toBe(before - 1);
  });

  it('an untitled session is named by its class', async () => {
    const c = await makeClass(t, mentor, { title: 'Untitled things' });
    const a = await makeLearner(t);
    await enrol(t, c, a);
    await schedule(mentor, { title: '   ' }, c);
    expect((await inbox(a)).find((n) => n.kind === 'session_scheduled')?.message).toBe(
      'Mentor Mo scheduled a session of “Untitled things”',
    );
  });
});

describe('GET /api/classes/{id}/sessions/{sid}.ics', () => {
  it('is a calendar file with one event: a stable UID, the start, end and summary in UTC', async () => {
    const startsAt = new Date(Math.ceil((Date.now() + 72 * HOUR) / 60_000) * 60_000).toISOString();
    const { body: s } = await schedule(mentor, { title: 'Lifetimes', startsAt, durationMinutes: 45 });
    const res = await ics(learner, s._id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    // Named for the class and the day, not the session's id (issue #37.15).
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="?rust-basics-${startsAt.slice(0, 10)}\\.ics"?$`),
    );
    const text = res.body as string;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text).toMatch(/\r\nVERSION:2\.0\r\n/);
    expect(text).toMatch(/\r\nPRODID:/);

    const parsed = ical.sync.parseICS(text);
    const events = Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
    expect(events).toHaveLength(1);
    const [event] = events as [VEvent];
    expect(event.uid).toBe(sessionUid(s._id));
    expect(new Date(event.start).toISOString()).toBe(startsAt);
    expect(new Date(event.end as Date).toISOString()).toBe(new Date(Date.parse(startsAt) + 45 * 60_000).toISOString());
    expect(event.summary).toBe('Lifetimes (Rust basics)');
    // In UTC ("Z"), so no VTIMEZONE is needed.
    expect(text).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);

    // The same UID for its mentor, an admin, and after a move (with a higher SEQUENCE).
    for (const who of [mentor, admin]) expect((await ics(who, s._id)).body).toContain(`UID:${sessionUid(s._id)}`);
    await edit(mentor, s._id, { title: 'Lifetimes', startsAt: inHours(80), durationMinutes: 45 });
    const again = (await ics(learner, s._id)).body as string;
    expect(again).toContain(`UID:${sessionUid(s._id)}`);
    expect(again).toMatch(/\r\nSEQUENCE:1\r\n/);
  });

  it('is gone (404) once the session is cancelled', async () => {
    const { body: s } = await schedule(mentor);
    expect((await ics(learner, s._id)).status).toBe(200);
    await cancel(mentor, s._id);
    const res = await ics(learner, s._id);
    expect(res.status).toBe(404);
  });
});
