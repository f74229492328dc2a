import type { AuditEntry } from '@mentora/contract';
import type { auditLog } from '../db/schema.js';

type AuditRow = typeof auditLog.$inferSelect;

/** An audit log row as admins read it. */
export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    action: row.action,
    actor: { _id: row.actorId, name: row.actorName },
    target: { type: row.targetType, _id: row.targetId, name: row.targetName },
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
  };
}
