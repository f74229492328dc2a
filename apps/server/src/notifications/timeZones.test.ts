import type { NotificationPreferencesResponse } from '@mentora/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  enrol,
  makeClass,
  makeDiscussion,
  makeLearner,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { captureLog } from '../../test/logCapture.js';
import { type SmtpStub, startSmtpStub } from '../../test/smtpStub.js';
import { jobs, mailSettings } from '../db/schema.js';

// The digest's time zone (issue #35): only names that JavaScript and PostgreSQL both read, and the same
// way; a zone stored before that was checked never fails the digest of everyone else.

let smtp: SmtpStub;
let t: TestServer;
const log = captureLog('info');
const { lines } = log;

beforeAll(async () => {
  smtp = await startSmtpStub();
  t = await startTestServer({
    env: { SMTP_URL: smtp.url, DIGEST_HOUR: '8' },
    logger: log.logger,
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.ctx.jobs.runDue();
  await t.ctx.db.delete(jobs);
  smtp.clear();
});

const putZone = (who: TestUser, timeZone: unknown) =>
  t.http.put('/api/notifications/preferences').set(who.auth).send({ timeZone });
const zoneOf = async (who: TestUser) =>
  ((await t.http.get('/api/notifications/preferences').set(who.auth)).body as NotificationPreferencesResponse).timeZone;

describe('PUT /api/notifications/preferences {timeZone}', () => {
  it.each([
    ['an offset', '+0530'],
    ['an offset with a colon (PostgreSQL would read it five and a half hours behind UTC)', '+05:30'],
    ['a negative offset', '-03:00'],
    ['UTC with an offset', 'UTC+5'],
    ['a zone Intl knows and PostgreSQL does not, with no other name', 'SystemV/AST4'],
    ['a zone PostgreSQL knows and Intl does not', 'Factory'],
    ['a file of the zone directory', 'posixrules'],
    ['a path', '../../etc/passwd'],
    ['nothing', ''],
    ['not text', 530],
  ])('refuses %s with 400 on timeZone and keeps the zone it had', async (_label, timeZone) => {
    const learner = await makeLearner(t);
    expect((await putZone(learner, 'Asia/Tokyo')).status).toBe(200);
    const res = await putZone(learner, timeZone);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e: { path: string }) => e.path)).toContain('timeZone');
    expect(res.body.message).toMatch(/time zone|timeZone/);
    expect(await zoneOf(learner)).toBe('Asia/Tokyo');
  });

  it.each([
    ['a name dropped from the tz database, by the name it stood for', 'US/Pacific-New', 'America/Los_Angeles'],
    ['a name in the wrong case, as PostgreSQL spells it', 'europe/paris', 'Europe/Paris'],
    ['an alias both sides still know, as asked', 'US/Pacific', 'US/Pacific'],
    ['a fixed zone (Etc/GMT-5 is five hours ahead)', 'Etc/GMT-5', 'Etc/GMT-5'],
    ['UTC', 'UTC', 'UTC'],
  ])('stores %s', async (_label, asked, stored) => {
    const learner = await makeLearner(t);
    const res = await putZone(learner, asked);
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe(stored);
    expect(await zoneOf(learner)).toBe(stored);
  });
});

describe('a zone stored before zones were checked', () => {
  /** The next 08:30 UTC at least a minute from now (within the day a first digest looks back on). */
  function nextUtcHalfPastEight(): Date {
    const at = new Date(Date.now() + 60_000);
    const due = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), 8, 30));
    return due < at ? new Date(due.getTime() + 24 * 3_600_000) : due;
  }

  it('is read as UTC, logged, and shown as none: everyone else still gets their digest', async () => {
    const mentor = await makeVerifiedMentor(t);
    const cls = await makeClass(t, mentor);
    const stored = { '+0530': await makeLearner(t), 'US/Pacific-New': await makeLearner(t) } as const;
    const offset = await makeLearner(t);
    const tokyo = await makeLearner(t);
    const paris = await makeLearner(t);
    for (const learner of [...Object.values(stored), offset, tokyo, paris]) await enrol(t, cls, learner);
    // As an earlier release let them in: straight into the table.
    await t.ctx.db.insert(mailSettings).values([
      { userId: stored['+0530'].user.id, timeZone: '+0530' },
      { userId: stored['US/Pacific-New'].user.id, timeZone: 'US/Pacific-New' },
      { userId: offset.user.id, timeZone: '+05:30' },
      { userId: tokyo.user.id, timeZone: 'Asia/Tokyo' },
      { userId: paris.user.id, timeZone: 'europe/paris' },
    ]);
    // New discussions: a daily topic.
    await makeDiscussion(t, mentor, cls, { title: 'Koji at home' });

    // Settings say what the digest keeps: UTC for the names it cannot read, the name as spelt for the other.
    expect(await zoneOf(stored['+0530'])).toBeNull();
    expect(await zoneOf(stored['US/Pacific-New'])).toBeNull();
    expect(await zoneOf(offset)).toBeNull();
    expect(await zoneOf(paris)).toBe('Europe/Paris');

    // 08:30 UTC: DIGEST_HOUR for those read as UTC (`+05:30` read the POSIX way would be 03:00), and
    // later than that in Tokyo and Paris.
    lines.length = 0;
    await t.ctx.jobs.runDue(nextUtcHalfPastEight());
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mailed = smtp.received.flatMap((m) => m.to);
    for (const learner of [...Object.values(stored), offset, tokyo, paris]) {
      expect(mailed).toContain(learner.user.email);
    }
    expect(lines.some((l) => l.includes('a job producer failed'))).toBe(false);
    const warned = lines.filter((l) => l.includes('the database does not know the time zone'));
    expect(warned).toHaveLength(3);
    expect(warned.join('\n')).toContain(stored['+0530'].user.id);
    expect(warned.join('\n')).toContain('US/Pacific-New');
  });
});
