import {
  type AuditAction,
  type createReportRequestSchema,
  MESSAGES,
  type ModerationAction,
  type ModerationEntry,
  type ModerationQueueResponse,
  type ModerationTargetType,
  type moderationQueueQuerySchema,
  type Report,
  type Role,
  type resolveModerationRequestSchema,
} from '@mentora/contract';
import { and, desc, eq, getTableColumns, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/service.js';
import { membershipOf } from '../classes/membership.js';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import {
  type ModerationEntryRow,
  moderationEntries,
  type NotificationRow,
  notifications,
  reports,
  type UserRow,
  users,
} from '../db/schema.js';
import { conflict, forbidden, notFound } from '../http/errors.js';
import { shortTitle } from '../notifications/presenter.js';
import { publishNotifications } from '../notifications/service.js';
import { announceSanction, type ImposeSanction, writeSanction } from '../sanctions/service.js';
import { analyseText } from '../text/index.js';
import { isAdmin } from '../users/policy.js';
import { canModerate, canReport, type Reporter, shouldAutoHide } from './policy.js';
import { presentEntry, presentReport, type QueueReportRow, scoreOf } from './presenter.js';
import { deleteTarget, loadTarget, setTargetHidden, TARGET_TABLES, type TargetFacts } from './targets.js';

type ReportInput = z.output<typeof createReportRequestSchema>;
type QueueQuery = z.output<typeof moderationQueueQuerySchema>;
type ResolveInput = z.output<typeof resolveModerationRequestSchema>;

/** How many entries the queue orders at once: the open queue whole; resolved ones, the latest this many. */
const QUEUE_WINDOW = 1_000;
const HISTORY_RECENT = 5;

// ---------- the queue's live count ----------

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

/** Pages the read cache kept that show an item of this kind are read again. */
function targetChanged(ctx: AppContext, type: ModerationTargetType): void {
  const table = TARGET_TABLES[type];
  if (table) ctx.readCache.changed(table);
}

// ---------- entries ----------

/** The item's open entry, made when there is none (the partial unique index keeps it one). */
async function openEntryFor(
  tx: Queryable,
  target: { type: ModerationTargetType; id: string; authorId: string },
): Promise<ModerationEntryRow> {
  await tx
    .insert(moderationEntries)
    .values({ targetType: target.type, targetId: target.id, authorId: target.authorId })
    .onConflictDoNothing({
      target: [moderationEntries.targetType, moderationEntries.targetId],
      where: sql`status = 'open'`,
    });
  const [entry] = await tx
    .select()
    .from(moderationEntries)
    .where(
      and(
        eq(moderationEntries.targetType, target.type),
        eq(moderationEntries.targetId, target.id),
        eq(moderationEntries.status, 'open'),
      ),
    )
    .for('update');
  if (!entry) throw new Error('open moderation entry missing after insert');
  return entry;
}

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

// ---------- reports ----------

/**
 * Reports an item, or updates the caller's report of it (`created` false). 404 when it does not exist
 * or the caller may not read it (a discussion of a class they are not in); 403 for their own. Once its
 * reporters weigh MODERATION_AUTO_HIDE_REPORTS (policy.ts shouldAutoHide: standing, their record, no
 * second try after a dismissal, never an admin's content) the item is hidden pending review.
 */
export async function report(
  ctx: AppContext,
  user: UserRow,
  input: ReportInput,
  targetId: string,
): Promise<{ report: Report; created: boolean }> {
  const target = await loadTarget(ctx.db, input.targetType, targetId);
  if (!target) throw notFound(MESSAGES.moderation.targetNotFound);
  if (target.membersOf && !(await membershipOf(ctx.db, target.membersOf, user))?.isMember) {
    throw notFound(MESSAGES.moderation.targetNotFound);
  }
  if (!canReport(user, target.author._id)) throw forbidden(MESSAGES.moderation.cannotReportOwn);
  const result = await ctx.db.transaction(async (tx) => {
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
  };
}

// ---------- automatic flags ----------

export interface AutoFlag {
  type: ModerationTargetType;
  id: string;
  authorId: string;
  /** The text check's verdict (text/moderation.ts). */
  reason: string | null;
  flagged: boolean;
  /** A threat: the writer hid it already (stored with hidden = true). */
  severe: boolean;
}

/**
 * Puts flagged text in the review queue, once written: the same queue as reports. A severe flag was
 * stored hidden by whoever wrote the text (so it never showed); this records why. A clean rewrite (a
 * replaced review, an edited profile) changes nothing that is open: a moderator still looks.
 */
export async function recordAutoFlag(ctx: AppContext, flag: AutoFlag): Promise<void> {
  if (!flag.flagged) return;
  try {
    await ctx.db.transaction(async (tx) => {
      const entry = await openEntryFor(tx, { type: flag.type, id: flag.id, authorId: flag.authorId });
      await tx
        .update(moderationEntries)
        .set({ autoFlag: flag.reason ?? '', severe: entry.severe || flag.severe, updatedAt: sql`now()` })
        .where(eq(moderationEntries.id, entry.id));
    });
  } catch (error) {
    // The text is written (and a threat is stored hidden already): a failed flag must not turn that
    // into an error the writer would retry, and duplicate.
    ctx.logger.warn({ err: error, type: flag.type, id: flag.id }, 'flagged text was not put in the review queue');
    return;
  }
  await publishQueueChanged(ctx);
}

/**
 * A profile's name and bio are user text too: checked when written (registration, profile edit), flagged
 * into the queue, and hidden at once when severe. Never throws: the account is written already.
 */
export async function checkProfile(ctx: AppContext, user: { id: string; name: string; bio: string }): Promise<void> {
  const analysis = analyseText(`${user.name}\n${user.bio}`);
  if (!analysis.moderation.flagged) return;
  if (analysis.severe) {
    try {
      await setTargetHidden(ctx.db, 'user', user.id, true);
      ctx.readCache.changed('users');
    } catch (error) {
      ctx.logger.warn({ err: error, userId: user.id }, 'a threatening profile could not be hidden');
    }
  }
  await recordAutoFlag(ctx, {
    type: 'user',
    id: user.id,
    authorId: user.id,
    flagged: true,
    reason: analysis.moderation.reason,
    severe: analysis.severe,
  });
}

// ---------- the queue ----------

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

async function reportsOf(db: Queryable, entryIds: string[]): Promise<Map<string, QueueReportRow[]>> {
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
async function entryView(
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

// ---------- resolving ----------

const AUDIT_ACTION: Record<ModerationAction, AuditAction> = {
  dismiss: 'report_dismissed',
  hide: 'content_hidden',
  delete: 'content_deleted',
};

/** How the audit log and notifications name an item: its title, or the start of its text. */
function nameOf(target: TargetFacts | undefined, type: ModerationTargetType): string {
  if (!target) return type;
  return shortTitle(target.title || target.content || type);
}

/** What each kind is called where its text may not be quoted (the Moderation tab's words). */
const KIND_NAMES: Record<ModerationTargetType, string> = {
  discussion: 'Discussion',
  reply: 'Reply',
  post: 'Community post',
  postReply: 'Post reply',
  review: 'Review',
  user: 'Profile',
  material: 'File',
};

/** The reporters and the author hear the outcome (never the moderator who decided). */
async function notifyOutcome(
  tx: Queryable,
  moderator: UserRow,
  entry: ModerationEntryRow,
  reporterIds: string[],
  action: ModerationAction,
  title: string,
  link: string,
): Promise<NotificationRow[]> {
  const outcome = MESSAGES.moderation.outcome[action];
  // Content that stays hidden (or is gone) is named to its reporters by its kind, not quoted: their
  // notification is kept and sent live, and hidden text reaches nobody but its author and admins.
  const reportersTitle = action === 'dismiss' ? title : KIND_NAMES[entry.targetType];
  const rows = [
    ...[...new Set(reporterIds)].map((userId) => ({
      userId,
      kind: 'report_resolved' as const,
      subjectTitle: reportersTitle,
    })),
    { userId: entry.authorId, kind: 'content_moderated' as const, subjectTitle: title },
  ]
    .filter((r) => r.userId !== moderator.id)
    .map((r) => ({ ...r, actorId: null, actorName: '', contextTitle: outcome, link }));
  if (rows.length === 0) return [];
  return tx.insert(notifications).values(rows).returning();
}

/**
 * Resolves an open entry: dismiss keeps the content (shown again if it was hidden), hide keeps it hidden,
 * delete removes it. In one transaction with the audit entry (with its reason) and the notifications of
 * the reporters and the author. 409 when it is resolved already.
 */
export async function resolve(
  ctx: AppContext,
  user: UserRow,
  entryId: string,
  input: ResolveInput,
): Promise<ModerationEntry> {
  if (!canModerate(user)) throw forbidden();
  const [found] = await ctx.db.select().from(moderationEntries).where(eq(moderationEntries.id, entryId));
  if (!found) throw notFound(MESSAGES.moderation.entryNotFound);
  if (found.status !== 'open') throw conflict(MESSAGES.moderation.alreadyResolved);
  const target = await loadTarget(ctx.db, found.targetType, found.targetId);
  const title = nameOf(target, found.targetType);
  const { entry, raised, sanctioned } = await ctx.db.transaction(async (tx) => {
    const [resolved] = await tx
      .update(moderationEntries)
      .set({
        status: 'resolved',
        resolvedAction: input.action,
        resolvedReason: input.reason,
        resolvedById: user.id,
        resolvedByName: user.name,
        resolvedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(moderationEntries.id, entryId), eq(moderationEntries.status, 'open')))
      .returning();
    // Someone else resolved it between the read and this write.
    if (!resolved) throw conflict(MESSAGES.moderation.alreadyResolved);
    if (input.action === 'dismiss') await setTargetHidden(tx, found.targetType, found.targetId, false);
    else if (input.action === 'hide') await setTargetHidden(tx, found.targetType, found.targetId, true);
    else await deleteTarget(tx, found.targetType, found.targetId);
    await recordAudit(tx, {
      actor: user,
      action: AUDIT_ACTION[input.action],
      target: { type: found.targetType, id: found.targetId, name: title },
      detail: [target ? `by ${target.author.name}` : '', input.reason ? `reason: ${input.reason}` : '']
        .filter(Boolean)
        .join('; '),
    });
    const reporterRows = await tx.select({ id: reports.reporterId }).from(reports).where(eq(reports.entryId, entryId));
    // Where the news points: the item when it is still there to see (a profile has no page of its own).
    const link = input.action === 'delete' || !target || found.targetType === 'user' ? '/dashboard' : target.link;
    const raised = await notifyOutcome(
      tx,
      user,
      resolved,
      reporterRows.map((r) => r.id),
      input.action,
      title,
      link,
    );
    // The author's sanction is part of the decision: written with it, or neither is.
    const sanctioned = input.sanction ? await writeSanction(tx, sanctionOf(user, resolved, input)) : undefined;
    return { entry: resolved, raised, sanctioned };
  });
  targetChanged(ctx, found.targetType);
  if (found.targetType === 'discussion' && input.action === 'delete') ctx.readCache.changed('discussion_replies');
  if (found.targetType === 'post' && input.action === 'delete')
    ctx.readCache.changed('community_replies', 'post_likes');
  if (sanctioned) await announceSanction(ctx, sanctioned);
  await publishNotifications(ctx, raised);
  await publishQueueChanged(ctx);
  const byEntry = await reportsOf(ctx.db, [entry.id]);
  return entryView(ctx.db, entry, byEntry.get(entry.id) ?? []);
}

/**
 * The sanction of the author that came with a resolution. Its reason is the moderator's reason for the
 * decision, or the sanction's own message when they gave none: the person is always told why.
 */
function sanctionOf(moderator: UserRow, entry: ModerationEntryRow, input: ResolveInput): ImposeSanction {
  const sanction = input.sanction as NonNullable<ResolveInput['sanction']>;
  return {
    userId: entry.authorId,
    kind: sanction.kind,
    days: sanction.days,
    reason: input.reason || sanction.message,
    message: sanction.message,
    by: moderator,
  };
}
