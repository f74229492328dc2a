import type { ModerationEntry, ModerationQueueResponse, moderationQueueQuerySchema } from '@mentora/contract';
import { and, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import { type ModerationEntryRow, moderationEntries, reports, type UserRow, users } from '../db/schema.js';
import { forbidden } from '../http/errors.js';
import { canModerate } from './policy.js';
import { presentEntry, type QueueReportRow, scoreOf } from './presenter.js';
import { loadTarget } from './targets.js';

// The review queue as admins read it: the list (GET /api/moderation/queue), one entry's view, and the
// open count they are sent live whenever a report, a flag or a decision changes it.

type QueueQuery = z.output<typeof moderationQueueQuerySchema>;

/** How many entries the queue orders at once: the open queue whole; resolved ones, the latest this many. */
const QUEUE_WINDOW = 1_000;
const HISTORY_RECENT = 5;

export async function openCount(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(moderationEntries)
    .where(eq(moderationEntries.status, 'open'));
  return row?.n ?? 0;
}

/** Tells every admin's open streams how many entries are open now. Never throws. */
export async function publishQueueChanged(ctx: AppContext): Promise<void> {
  let count: number;
  try {
    count = await openCount(ctx.db);
  } catch (error) {
    ctx.logger.warn({ err: error }, 'the review queue changed but admins were not told live');
    return;
  }
  await ctx.events.publish({ name: 'moderation.queue', data: { openCount: count } }, { admins: true });
}

async function authorHistory(db: Queryable, authorId: string, exceptEntry: string) {
  const [counts] = await db
    .select({
      open: sql<number>`count(*) filter (where ${moderationEntries.status} = 'open')::int`,
      dismiss: sql<number>`count(*) filter (where ${moderationEntries.resolvedAction} = 'dismiss')::int`,
      hide: sql<number>`count(*) filter (where ${moderationEntries.resolvedAction} = 'hide')::int`,
      delete: sql<number>`count(*) filter (where ${moderationEntries.resolvedAction} = 'delete')::int`,
    })
    .from(moderationEntries)
    .where(eq(moderationEntries.authorId, authorId));
  const recent = await db
    .select()
    .from(moderationEntries)
    .where(
      and(
        eq(moderationEntries.authorId, authorId),
        eq(moderationEntries.status, 'resolved'),
        sql`${moderationEntries.id} <> ${exceptEntry}::uuid`,
      ),
    )
    .orderBy(desc(moderationEntries.resolvedAt), desc(moderationEntries.id))
    .limit(HISTORY_RECENT);
  return {
    openCount: counts?.open ?? 0,
    resolved: { dismiss: counts?.dismiss ?? 0, hide: counts?.hide ?? 0, delete: counts?.delete ?? 0 },
    recent: recent.flatMap((row) =>
      row.resolvedAction && row.resolvedAt
        ? [
            {
              entryId: row.id,
              targetType: row.targetType,
              action: row.resolvedAction,
              reason: row.resolvedReason,
              resolvedAt: row.resolvedAt.toISOString(),
            },
          ]
        : [],
    ),
  };
}

export async function reportsOf(db: Queryable, entryIds: string[]): Promise<Map<string, QueueReportRow[]>> {
  const byEntry = new Map<string, QueueReportRow[]>();
  if (entryIds.length === 0) return byEntry;
  const rows = await db
    .select({ report: reports, reporter: { id: users.id, name: users.name } })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(inArray(reports.entryId, entryIds))
    .orderBy(reports.createdAt, reports.id);
  for (const row of rows) {
    const list = byEntry.get(row.report.entryId) ?? [];
    list.push(row);
    byEntry.set(row.report.entryId, list);
  }
  return byEntry;
}

/** One entry as admins read it. */
export async function entryView(
  db: Queryable,
  row: ModerationEntryRow,
  entryReports: QueueReportRow[],
): Promise<ModerationEntry> {
  const target = await loadTarget(db, row.targetType, row.targetId);
  const [author] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, row.authorId));
  const history = author && { _id: author.id, name: author.name, history: await authorHistory(db, author.id, row.id) };
  return presentEntry(row, target, entryReports, history ?? null);
}

/** The offset a queue cursor stands for (the queue is ordered by a score that changes with time). */
function offsetOf(cursor: string | undefined): number {
  if (!cursor) return 0;
  const n = Number.parseInt(Buffer.from(cursor, 'base64url').toString('utf8'), 10);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}
const cursorAt = (offset: number) => Buffer.from(String(offset), 'utf8').toString('base64url');

/**
 * The review queue, highest score first (distinct reporters, then severity, then age: policy.ts),
 * filtered by status, kind, a report's reason and source (people's reports, or the automatic check).
 */
export async function listQueue(ctx: AppContext, user: UserRow, query: QueueQuery): Promise<ModerationQueueResponse> {
  if (!canModerate(user)) throw forbidden();
  const conditions: (SQL | undefined)[] = [
    eq(moderationEntries.status, query.status),
    query.targetType ? eq(moderationEntries.targetType, query.targetType) : undefined,
    // Written out: in a select from one table drizzle leaves columns unqualified, which a subquery would misread.
    query.reason
      ? sql`exists (select 1 from reports r where r.entry_id = moderation_entries.id and r.reason = ${query.reason})`
      : undefined,
    query.source === 'auto' ? isNotNull(moderationEntries.autoFlag) : undefined,
    query.source === 'report'
      ? sql`exists (select 1 from reports r where r.entry_id = moderation_entries.id)`
      : undefined,
  ];
  const rows = await ctx.db
    .select({
      entry: moderationEntries,
      reporters: sql<number>`(select count(*)::int from reports r where r.entry_id = moderation_entries.id)`,
    })
    .from(moderationEntries)
    .where(and(...conditions))
    .orderBy(desc(moderationEntries.updatedAt), desc(moderationEntries.id))
    .limit(QUEUE_WINDOW);
  const now = Date.now();
  const ordered = rows
    .map((row) => ({ row: row.entry, score: scoreOf(row.entry, row.reporters, now) }))
    .sort(
      (a, b) =>
        b.score - a.score || a.row.createdAt.getTime() - b.row.createdAt.getTime() || (a.row.id < b.row.id ? -1 : 1),
    );
  const offset = offsetOf(query.cursor);
  const page = ordered.slice(offset, offset + query.limit);
  const byEntry = await reportsOf(
    ctx.db,
    page.map((p) => p.row.id),
  );
  const items: ModerationEntry[] = [];
  for (const { row } of page) items.push(await entryView(ctx.db, row, byEntry.get(row.id) ?? []));
  return {
    items,
    nextCursor: offset + query.limit < ordered.length ? cursorAt(offset + query.limit) : null,
    openCount: await openCount(ctx.db),
  };
}
