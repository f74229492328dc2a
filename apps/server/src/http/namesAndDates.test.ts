import { MESSAGES } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classRequest,
  enrol,
  feedToken,
  makeClass,
  makeLearner,
  makeMaterial,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { type ClassRow, users } from '../db/schema.js';

// Issue #35, items 6 and 7, as the server answers them: dates the API accepts stay within range (a
// session at 9999-12-31T23:00Z ended in year 10000 and broke every subscriber's .ics), and every name
// people see is one line without invisible formatting (a file renamed "inv\u202Eexe.txt" read as an .exe).

let t: TestServer;
let mentor: TestUser;
let learner: TestUser;
let cls: ClassRow;
beforeAll(async () => {
  t = await startTestServer();
  mentor = await makeVerifiedMentor(t);
  learner = await makeLearner(t);
  cls = await makeClass(t, mentor, { title: 'Dates and names' });
  await enrol(t, cls, learner);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const FIVE_YEARS_DAYS = 5 * 365;

const schedule = (body: Record<string, unknown>) =>
  t.http
    .post(`/api/classes/${cls.id}/sessions`)
    .set(mentor.auth)
    .send({ durationMinutes: 60, ...body });

describe('dates stay in range', () => {
  it('refuses a session starting past five years from now, scheduled or moved, with 400 on the field', async () => {
    for (const startsAt of ['9999-12-31T23:00:00Z', '9999-12-31T23:00:00+00:00', inDays(FIVE_YEARS_DAYS + 2)]) {
      const res = await schedule({ startsAt });
      expect(res.status, startsAt).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'startsAt', message: MESSAGES.input.dateOutOfRange('Start') }]);
    }
    const ok = await schedule({ startsAt: inDays(FIVE_YEARS_DAYS - 2) });
    expect(ok.status).toBe(201);
    const moved = await t.http
      .put(`/api/classes/${cls.id}/sessions/${ok.body._id}`)
      .set(mentor.auth)
      .send({ startsAt: '9999-12-31T23:00:00Z', durationMinutes: 480 });
    expect(moved.status).toBe(400);
  });

  it('keeps every subscriber’s calendar feed in four-digit years', async () => {
    await schedule({ startsAt: inDays(FIVE_YEARS_DAYS - 1), durationMinutes: 480 });
    const feed = await t.http.get(`/api/calendar/${await feedToken(t, learner)}.ics`);
    expect(feed.status).toBe(200);
    for (const stamp of feed.text.match(/^DT(START|END)[^:]*:(\S+)/gm) ?? []) {
      expect(stamp).toMatch(/:\d{8}T\d{6}Z?$/);
    }
  });

  it('refuses a class start date past five years from now or before 2000, and accepts one between', async () => {
    for (const startDate of ['9999-12-31T23:00:00Z', '1970-01-01T00:00:00Z', inDays(FIVE_YEARS_DAYS + 2)]) {
      const res = await t.http.post('/api/classes').set(mentor.auth).send(classRequest({ startDate }));
      expect(res.status, startDate).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'startDate', message: MESSAGES.input.dateOutOfRange('Start date') }]);
    }
    const ok = await t.http
      .post('/api/classes')
      .set(mentor.auth)
      .send(classRequest({ startDate: '2001-09-01T08:00:00Z' }));
    expect(ok.status).toBe(201);
    const edited = await t.http
      .put(`/api/classes/${ok.body._id}`)
      .set(mentor.auth)
      .send(classRequest({ startDate: '9999-12-31T23:00:00Z' }));
    expect(edited.status).toBe(400);
  });
});

describe('names are names', () => {
  it('refuses a person’s name with a line break (it printed as two lines in mail), at registration and in the profile', async () => {
    for (const name of ['Ada\nLovelace', 'Ada\r\nBcc: x@example.com', 'Ada\u2028Lovelace', 'Ada\u0085Lovelace']) {
      const res = await t.http
        .post('/api/auth/register')
        .send({ name, email: `ada${Math.random().toString(36).slice(2)}@example.test`, password: 'long enough pw' });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'name', message: MESSAGES.input.controlCharacters('Name') }]);
      const profile = await t.http.put('/api/auth/profile').set(learner.auth).send({ name, email: learner.user.email });
      expect(profile.status).toBe(400);
    }
  });

  it('strips bidirectional controls and zero-width characters from people, classes and sessions', async () => {
    const profile = await t.http
      .put('/api/auth/profile')
      .set(learner.auth)
      .send({ name: 'Ad\u200Ba \u202ELovelace\u2069', email: learner.user.email });
    expect(profile.status).toBe(200);
    expect(profile.body.name).toBe('Ada Lovelace');
    const [row] = await t.ctx.db.select({ name: users.name }).from(users).where(eq(users.id, learner.user.id));
    expect(row?.name).toBe('Ada Lovelace');

    const created = await t.http
      .post('/api/classes')
      .set(mentor.auth)
      .send(classRequest({ title: '\uFEFFIntro\u200D to \u202Etxt.exe' }));
    expect(created.status).toBe(201);
    expect(created.body.title).toBe('Intro to txt.exe');
    const refused = await t.http
      .post('/api/classes')
      .set(mentor.auth)
      .send(classRequest({ title: 'One\nTwo' }));
    expect(refused.status).toBe(400);

    const session = await schedule({ title: 'Q\u200F&A\u2066', startsAt: inDays(3) });
    expect(session.status).toBe(201);
    expect(session.body.title).toBe('Q&A');
    expect((await schedule({ title: 'Q\n&A', startsAt: inDays(3) })).status).toBe(400);
  });

  it('gives an uploaded file’s name no bidirectional or zero-width characters', async () => {
    const material = await makeMaterial(t, mentor, cls, { name: 'inv\u202Eexe.txt', bytes: Buffer.from('notes\n') });
    expect(material.name).toBe('invexe.txt');
    const hidden = await makeMaterial(t, mentor, cls, { name: 'report\u200B.pdf' });
    expect(hidden.name).toBe('report.pdf');
  });

  it('renames a file by the upload’s rule: the last path segment, no invisible characters', async () => {
    const material = await makeMaterial(t, mentor, cls);
    const rename = (name: unknown) => t.http.patch(`/api/materials/${material._id}`).set(mentor.auth).send({ name });
    const cut = await rename('..\\..\\x.bat');
    expect(cut.status).toBe(200);
    expect(cut.body.material.name).toBe('x.bat');
    expect((await rename('../../etc/passwd')).body.material.name).toBe('passwd');
    expect((await rename('inv\u202Eexe.txt')).body.material.name).toBe('invexe.txt');
    for (const name of ['..\\..\\', 'a\nb.pdf', '\u200B']) {
      const res = await rename(name);
      expect(res.status, JSON.stringify(name)).toBe(400);
    }
  });
});
