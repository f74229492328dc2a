import { randomUUID } from 'node:crypto';
import { MODERATION_STATS_DAYS, moderationStatsResponseSchema } from '@mentora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeLearner, type TestUser } from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { moderationEntries, reports } from '../db/schema.js';
import { statsStart } from './stats.js';

// A server of its own: the figures are checked against exactly the rows seeded here.
let t: TestServer;
let admin: TestUser;
let author: TestUser;
let reporters: TestUser[];
beforeAll(async () => {
  t = await startTestServer();
  admin = await makeAdmin(t);
  author = await makeLearner(t);
  reporters = [await makeLearner(t), await makeLearner(t)];
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const todayUtc = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
};
/** Noon UTC `n` days before today, plus `hours`: always in the past, whenever the test runs. */
const daysAgo = (n: number, hours = 0) => new Date(todayUtc() - n * 24 * HOUR - 12 * HOUR + hours * HOUR);
const dateOf = (d: Date) => d.toISOString().slice(0, 10);

async function entry(values: { createdAt: Date; autoFlag?: string; resolvedAt?: Date }) {
  const [row] = await t.ctx.db
    .insert(moderationEntries)
    .values({
      targetType: 'post',
      targetId: randomUUID(),
      authorId: author.user.id,
      autoFlag: values.autoFlag ?? null,
      createdAt: values.createdAt,
      updatedAt: values.resolvedAt ?? values.createdAt,
      ...(values.resolvedAt
        ? {
            status: 'resolved' as const,
            resolvedAction: 'dismiss' as const,
            resolvedAt: values.resolvedAt,
            resolvedById: admin.user.id,
            resolvedByName: admin.user.name,
          }
        : {}),
    })
    .returning({ id: moderationEntries.id });
  return String(row?.id);
}

async function reportOn(entryId: string, who: TestUser, createdAt: Date) {
  await t.ctx.db.insert(reports).values({ entryId, reporterId: who.user.id, reason: 'spam', createdAt });
}

describe('GET /api/moderation/stats', () => {
  it('counts reports, automatic flags and decisions per UTC day, and the median time to a decision', async () => {
    const [first, second] = reporters as [TestUser, TestUser];
    // Three days ago: an entry with two reports, decided two hours later.
    const a = await entry({ createdAt: daysAgo(3), resolvedAt: daysAgo(3, 2) });
    await reportOn(a, first, daysAgo(3));
    await reportOn(a, second, daysAgo(3, 1));
    // Two days ago: a flag at six in the morning, decided ten hours later.
    await entry({ createdAt: daysAgo(2, -6), autoFlag: 'hostile', resolvedAt: daysAgo(2, 4) });
    // Yesterday: a flag with a report, decided six hours later; and a flag still open.
    const c = await entry({ createdAt: daysAgo(1), autoFlag: 'obscene', resolvedAt: daysAgo(1, 6) });
    await reportOn(c, first, daysAgo(1, 1));
    await entry({ createdAt: daysAgo(1, 3), autoFlag: 'hostile' });
    // Forty days ago: outside the window, counted nowhere.
    const old = await entry({ createdAt: daysAgo(40), autoFlag: 'hostile', resolvedAt: daysAgo(40, 100) });
    await reportOn(old, first, daysAgo(40));

    const res = await t.http.get('/api/moderation/stats').set(admin.auth);
    expect(res.status).toBe(200);
    const stats = moderationStatsResponseSchema.parse(res.body);
    expect(stats.days).toHaveLength(MODERATION_STATS_DAYS);
    expect(stats.days[0]?.date).toBe(dateOf(statsStart(new Date())));
    expect(stats.days.at(-1)?.date).toBe(dateOf(new Date()));
    const byDate = new Map(stats.days.map((d) => [d.date, d]));
    expect(byDate.get(dateOf(daysAgo(3)))).toMatchObject({ reports: 2, autoFlags: 0, decisions: 1 });
    expect(byDate.get(dateOf(daysAgo(2)))).toMatchObject({ reports: 0, autoFlags: 1, decisions: 1 });
    expect(byDate.get(dateOf(daysAgo(1)))).toMatchObject({ reports: 1, autoFlags: 2, decisions: 1 });
    const total = (key: 'reports' | 'autoFlags' | 'decisions') => stats.days.reduce((n, d) => n + d[key], 0);
    expect([total('reports'), total('autoFlags'), total('decisions')]).toEqual([3, 3, 3]);
    // Decisions took 2, 10 and 6 hours: the median is 6 (the old one's 100 is outside the window).
    expect(stats.medianDecisionHours).toBe(6);
  });

  it('is for admins only', async () => {
    expect((await t.http.get('/api/moderation/stats')).status).toBe(401);
    const res = await t.http.get('/api/moderation/stats').set(author.auth);
    expect(res.status).toBe(403);
  });
});
