import {
  type AuditAction,
  MESSAGES,
  type ModerationAction,
  type ModerationEntry,
  type ModerationTargetType,
  type resolveModerationRequestSchema,
} from '@mentora/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/service.js';
import type { AppContext } from '../context.js';
import { type ModerationEntryRow, moderationEntries, reports, type UserRow } from '../db/schema.js';
import { conflict, forbidden, notFound } from '../http/errors.js';
import { shortTitle } from '../notifications/presenter.js';
import { notifyModerationOutcome, withdrawNoticesOf } from '../notifications/raise.js';
import { publishNotifications, publishUnreadCounts } from '../notifications/service.js';
import { announceSanction, type ImposeSanction, writeSanction } from '../sanctions/service.js';
import { canModerate } from './policy.js';
import { entryView, publishQueueChanged, reportsOf } from './queue.js';
import { deleteTarget, loadTarget, lockTarget, setTargetHidden, type TargetFacts, targetChanged } from './targets.js';

// An admin's decision on an open entry (POST /api/moderation/queue/:id/resolve): the item shown again,
// kept hidden or deleted, the audit entry, who is told (notifications/raise.ts) and the author's
// sanction if any, all in one transaction.

type ResolveInput = z.output<typeof resolveModerationRequestSchema>;

const AUDIT_ACTION: Record<ModerationAction, AuditAction> = {
  dismiss: 'report_dismissed',
  hide: 'content_hidden',
  delete: 'content_deleted',
};

/** The items notices name (raise.ts withdrawNoticesOf): deleting one withdraws them. */
const NOTICE_SUBJECTS: Partial<Record<ModerationTargetType, 'discussion' | 'post' | 'material'>> = {
  discussion: 'discussion',
  post: 'post',
  material: 'material',
};

/** How the audit log and notifications name an item: its title, or the start of its text. */
function nameOf(target: TargetFacts | undefined, type: ModerationTargetType): string {
  if (!target) return type;
  return shortTitle(target.title || target.content || type);
}

/**
 * Resolves an open entry: dismiss keeps the content (shown again if it was hidden), hide keeps it hidden,
 * delete removes it. In one transaction with the audit entry (with its reason) and the notifications of
 * the reporters and the author. 409 when it is resolved already.
 */
export async function resolveEntry(
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
  const { entry, raised, sanctioned, withdrawnFrom } = await ctx.db.transaction(async (tx) => {
    let withdrawnFrom: string[] = [];
    await lockTarget(tx, found.targetType, found.targetId);
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
    else {
      const subject = NOTICE_SUBJECTS[found.targetType];
      if (subject) withdrawnFrom = await withdrawNoticesOf(tx, subject, found.targetId);
      await deleteTarget(tx, found.targetType, found.targetId);
    }
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
    const raised = await notifyModerationOutcome(
      tx,
      user,
      resolved,
      reporterRows.map((r) => r.id),
      { action: input.action, title, link },
    );
    // The author's sanction is part of the decision: written with it, or neither is.
    const sanctioned = input.sanction ? await writeSanction(tx, sanctionOf(user, resolved, input)) : undefined;
    return { entry: resolved, raised, sanctioned, withdrawnFrom };
  });
  targetChanged(ctx, found.targetType);
  if (found.targetType === 'discussion' && input.action === 'delete') ctx.readCache.changed('discussion_replies');
  if (found.targetType === 'post' && input.action === 'delete')
    ctx.readCache.changed('community_replies', 'post_likes');
  if (sanctioned) await announceSanction(ctx, sanctioned);
  await publishUnreadCounts(ctx, withdrawnFrom);
  await publishNotifications(ctx, raised);
  await publishQueueChanged(ctx);
  const byEntry = await reportsOf(ctx.db, [entry.id]);
  return entryView(ctx.db, entry, byEntry.get(entry.id) ?? []);
}

/**
 * The sanction of the author that came with a resolution: the person is shown the sanction's message
 * (required with a sanction); the moderator's reason for the decision is private, kept in the audit log.
 */
function sanctionOf(moderator: UserRow, entry: ModerationEntryRow, input: ResolveInput): ImposeSanction {
  const sanction = input.sanction as NonNullable<ResolveInput['sanction']>;
  return {
    userId: entry.authorId,
    kind: sanction.kind,
    days: sanction.days,
    reason: sanction.message,
    note: input.reason || undefined,
    by: moderator,
  };
}
