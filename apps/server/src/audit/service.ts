import type { AuditAction, AuditLogResponse, AuditTargetType, listAuditLogQuerySchema } from '@mentora/contract';
import { desc } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import { decodeCursor, olderThanCursor, pageOf } from '../http/pagination.js';
import { presentAuditEntry } from './presenter.js';

type ListQuery = z.output<typeof listAuditLogQuerySchema>;

export interface AuditRecord {
  actor: { id: string; name: string };
  action: AuditAction;
  target: { type: AuditTargetType; id: string; name: string };
  detail?: string;
}

/**
 * Records what an admin did. Callers pass their open transaction, so the entry exists exactly when
 * the action does: a failed or rolled-back action leaves none, and no action commits without one.
 */
export async function recordAudit(tx: Queryable, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: record.actor.id,
    actorName: record.actor.name,
    action: record.action,
    targetType: record.target.type,
    targetId: record.target.id,
    targetName: record.target.name,
    detail: record.detail ?? '',
  });
}

/** The audit log, newest first, a page at a time. */
export async function listAuditLog(ctx: AppContext, query: ListQuery): Promise<AuditLogResponse> {
  const cursor = decodeCursor(query.cursor);
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(cursor ? olderThanCursor(auditLog.createdAt, auditLog.id, cursor) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (row) => row);
  return { entries: page.items.map(presentAuditEntry), nextCursor: page.nextCursor };
}
