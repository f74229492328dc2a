import { type createReportRequestSchema, MESSAGES, type Report, type Role } from '@mentora/contract';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { membershipOf } from '../classes/membership.js';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import { type ModerationEntryRow, moderationEntries, reports, type UserRow, users } from '../db/schema.js';
import { forbidden, notFound } from '../http/errors.js';
import { isAdmin } from '../users/policy.js';
import { openEntryFor } from './openEntry.js';
import { canReport, type Reporter, shouldAutoHide } from './policy.js';
import { presentReport } from './presenter.js';
import { publishQueueChanged } from './queue.js';
import { loadTarget, lockTarget, setTargetHidden, targetChanged } from './targets.js';

// Reporting an item (POST /api/reports): the report joins the item's open entry, and the item is hidden
// pending review once its reporters weigh enough (policy.ts), all in one transaction.

type ReportInput = z.output<typeof createReportRequestSchema>;

/** Texts of one person's that others can read: what counts as activity toward a reporter's standing. */
const ACTIVITY_TABLES = [
  ['discussions', 'author_id'],
  ['discussion_replies', 'author_id'],
  ['community_posts', 'author_id'],
  ['community_replies', 'author_id'],
  ['reviews', 'user_id'],
] as const;

/**
 * The facts the auto-hide rule (policy.ts) weighs about each reporter of an entry. Activity is counted
 * up to what standing asks (MODERATION_REPORTER_MIN_ACTIVITY), so a prolific reporter costs no more.
 */
async function reportersOf(tx: Queryable, entry: ModerationEntryRow, activityCap: number): Promise<Reporter[]> {
  const activity = sql.join(
    ACTIVITY_TABLES.map(
      ([table, column]) =>
        sql`(select count(*)::int from (select 1 from ${sql.identifier(table)} t where t.${sql.identifier(column)} = u.id and not t.hidden limit ${activityCap}) a)`,
    ),
    sql` + `,
  );
  const { rows } = await tx.execute(sql`
    select u.role,
      (extract(epoch from (now() - u.created_at)) * 1000)::float8 as age_ms,
      (${activity}) as activity,
      (select count(*)::int from reports p join moderation_entries e on e.id = p.entry_id
        where p.reporter_id = u.id and e.resolved_action in ('hide', 'delete')) as upheld,
      (select count(*)::int from reports p join moderation_entries e on e.id = p.entry_id
        where p.reporter_id = u.id and e.resolved_action = 'dismiss') as dismissed,
      exists (select 1 from reports p join moderation_entries e on e.id = p.entry_id
        where p.reporter_id = u.id and e.resolved_action = 'dismiss'
          and e.target_type = ${entry.targetType} and e.target_id = ${entry.targetId}::uuid) as dismissed_here
    from reports r join users u on u.id = r.reporter_id
    where r.entry_id = ${entry.id}::uuid
  `);
  return rows.map((row) => ({
    role: row.role as Role,
    accountAgeMs: Number(row.age_ms),
    activity: Number(row.activity),
    upheld: Number(row.upheld),
    dismissed: Number(row.dismissed),
    dismissedHere: row.dismissed_here === true,
  }));
}

async function isAdminAccount(tx: Queryable, userId: string): Promise<boolean> {
  const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row !== undefined && isAdmin(row);
}

/**
 * Reports an item, or updates the caller's report of it (`created` false). 404 when it does not exist
 * or the caller may not read it (a discussion of a class they are not in); 403 for their own. Once its
 * reporters weigh MODERATION_AUTO_HIDE_REPORTS (policy.ts shouldAutoHide: standing, their record, no
 * second try after a dismissal, never an admin's content) the item is hidden pending review; `hidden`
 * says whether it is hidden now.
 */
export async function reportItem(
  ctx: AppContext,
  user: UserRow,
  input: ReportInput,
  targetId: string,
): Promise<{ report: Report; created: boolean; hidden: boolean }> {
  const target = await loadTarget(ctx.db, input.targetType, targetId);
  if (!target) throw notFound(MESSAGES.moderation.targetNotFound);
  if (target.membersOf && !(await membershipOf(ctx.db, target.membersOf, user))?.isMember) {
    throw notFound(MESSAGES.moderation.targetNotFound);
  }
  if (!canReport(user, target.author._id)) throw forbidden(MESSAGES.moderation.cannotReportOwn);
  const result = await ctx.db.transaction(async (tx) => {
    await lockTarget(tx, input.targetType, targetId);
    const entry = await openEntryFor(tx, { type: input.targetType, id: targetId, authorId: target.author._id });
    const [row] = await tx
      .insert(reports)
      .values({ entryId: entry.id, reporterId: user.id, reason: input.reason, note: input.note })
      .onConflictDoUpdate({
        target: [reports.entryId, reports.reporterId],
        set: { reason: input.reason, note: input.note, updatedAt: sql`now()` },
      })
      .returning({ ...getTableColumns(reports), created: sql<boolean>`xmax = 0` });
    if (!row) throw new Error('report upsert returned nothing');
    const { created, ...written } = row;
    await tx.update(moderationEntries).set({ updatedAt: sql`now()` }).where(eq(moderationEntries.id, entry.id));
    let hid = false;
    if (!target.hidden) {
      const { autoHideReports, reporterMinAgeMs, reporterMinActivity } = ctx.config.moderation;
      const item = {
        reporters: await reportersOf(tx, entry, reporterMinActivity),
        severe: entry.severe,
        authorIsAdmin: await isAdminAccount(tx, target.author._id),
      };
      if (shouldAutoHide(item, autoHideReports, { minAgeMs: reporterMinAgeMs, minActivity: reporterMinActivity })) {
        hid = await setTargetHidden(tx, input.targetType, targetId, true);
      }
    }
    return { row: written, created, hid };
  });
  if (result.hid) targetChanged(ctx, input.targetType);
  await publishQueueChanged(ctx);
  return {
    report: presentReport(result.row, { targetType: input.targetType, targetId }),
    created: result.created,
    hidden: target.hidden || result.hid,
  };
}
