import { MODERATION_STATS_DAYS, type ModerationStatsResponse } from '@mentora/contract';
import { and, eq, gte, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import { moderationEntries, reports, type UserRow } from '../db/schema.js';
import { forbidden } from '../http/errors.js';
import { canModerate } from './policy.js';
import { type DayCounts, presentStats } from './presenter.js';

const DAY_MS = 86_400_000;

/** Midnight UTC of the first day shown: today and the MODERATION_STATS_DAYS - 1 days before it. */
export function statsStart(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (MODERATION_STATS_DAYS - 1) * DAY_MS);
}

/** Counts rows per UTC day of `column` since `since`, as a map 'YYYY-MM-DD' → n. */
async function perDay(db: Queryable, table: typeof reports | typeof moderationEntries, column: SQL, where: SQL) {
  const day = sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db.select({ day, n: sql<number>`count(*)::int` }).from(table).where(where).groupBy(sql`1`);
  return new Map(rows.map((row) => [row.day, row.n]));
}

/**
 * The last 30 days of the queue for admins: reports by the day they were made, automatic flags by the
 * day their entry opened (an entry records its flag, not when it came), decisions by the day they were
 * made, and the median hours from an entry opening to its decision over those decisions.
 */
export async function queueStats(ctx: AppContext, user: UserRow, now = new Date()): Promise<ModerationStatsResponse> {
  if (!canModerate(user)) throw forbidden();
  const since = statsStart(now);
  const [reportCounts, flagCounts, decisionCounts, median] = await Promise.all([
    perDay(ctx.db, reports, sql`${reports.createdAt}`, gte(reports.createdAt, since)),
    perDay(
      ctx.db,
      moderationEntries,
      sql`${moderationEntries.createdAt}`,
      and(isNotNull(moderationEntries.autoFlag), gte(moderationEntries.createdAt, since)) as SQL,
    ),
    perDay(
      ctx.db,
      moderationEntries,
      sql`${moderationEntries.resolvedAt}`,
      and(eq(moderationEntries.status, 'resolved'), gte(moderationEntries.resolvedAt, since)) as SQL,
    ),
    ctx.db
      .select({
        hours: sql<
          number | string | null
        >`percentile_cont(0.5) within group (order by extract(epoch from ${moderationEntries.resolvedAt} - ${moderationEntries.createdAt})) / 3600`,
      })
      .from(moderationEntries)
      .where(and(eq(moderationEntries.status, 'resolved'), gte(moderationEntries.resolvedAt, since))),
  ]);
  const hours = median[0]?.hours;
  const counts: DayCounts = { reports: reportCounts, autoFlags: flagCounts, decisions: decisionCounts };
  return presentStats(
    since,
    MODERATION_STATS_DAYS,
    counts,
    hours === null || hours === undefined ? null : Number(hours),
  );
}
