import type { ActiveSanction, Sanction } from '@mentora/contract';
import type { SanctionRow } from '../db/schema.js';
import type { Restriction } from './policy.js';

/** Whether a sanction is in force at `now`: a silence or suspension not ended nor lifted. */
export function isActive(row: Pick<SanctionRow, 'endsAt' | 'liftedAt'>, now: number = Date.now()): boolean {
  return row.endsAt !== null && row.liftedAt === null && row.endsAt.getTime() > now;
}

/** The one JSON shape of a sanction. */
export function presentSanction(row: SanctionRow, now: number = Date.now()): Sanction {
  return {
    _id: row.id,
    userId: row.userId,
    kind: row.kind,
    reason: row.reason,
    ...(row.message !== null ? { message: row.message } : {}),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    liftedAt: row.liftedAt?.toISOString() ?? null,
    liftReason: row.liftReason,
    active: isActive(row, now),
    createdBy: { _id: row.createdById, name: row.createdByName },
  };
}

/** The sanction in force beside a user in admin lists. */
export function presentActiveSanction(r: Restriction | undefined): ActiveSanction | null {
  return r ? { _id: r.id, kind: r.kind, reason: r.reason, endsAt: r.endsAt.toISOString() } : null;
}
