import {
  formatUtc,
  MESSAGES,
  SANCTION_DAYS,
  type Sanction,
  type SanctionKind,
  type SanctionListResponse,
} from '@mentora/contract';
import { and, desc, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/service.js';
import { authChanged } from '../auth/authChanges.js';
import { endUserSessions } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import { type SanctionRow, sanctions, users } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { notifySanction, notifySanctionLifted } from '../notifications/raise.js';
import { publishNotifications } from '../notifications/service.js';
import { refuseUnlessSanctionable } from './policy.js';
import { isActive, presentSanction } from './presenter.js';

// Sanctions of an account (issue #24): an admin warns, silences or suspends; a silence or suspension
// ends by itself at its end, or earlier when an admin lifts it. Each one and each lift is written with
// its audit entry and the person's notification (notifications/raise.ts) in one transaction. Every
// process hears of it at commit (migration 0009_sanctions announces a change of the sanctions table as a change of the user), so its
// cached sessions and open event streams follow at once; this process acts directly (authChanged).

const DAY_MS = 24 * 3600 * 1000;

export interface ImposeSanction {
  userId: string;
  kind: SanctionKind;
  /** Required for silence and suspend (1-365); ignored for a warning. */
  days?: number | undefined;
  reason: string;
  /** What a warning says instead of its reason (optional). */
  message?: string | undefined;
  /** The admin's private reason: in the audit log, never shown to the person. */
  note?: string | undefined;
  /** The admin who imposes it. */
  by: { id: string; name: string };
}

const KIND_WORDS: Record<SanctionKind, string> = { warn: 'warning', silence: 'silence', suspend: 'suspension' };

function describe(row: SanctionRow): string {
  if (!row.endsAt) return `${KIND_WORDS[row.kind]}: ${row.reason}`;
  return `${KIND_WORDS[row.kind]} until ${formatUtc(row.endsAt)}: ${row.reason}`;
}

/** The route validates days (contract); other callers (the moderation queue) get the same 400 here. */
function daysOf(days: number | undefined): number {
  if (days === undefined) {
    const message = MESSAGES.server.sanctionDaysRequired;
    throw badRequest(message, [{ path: 'days', message }]);
  }
  if (!Number.isInteger(days) || days < SANCTION_DAYS.min || days > SANCTION_DAYS.max) {
    const message = `Days must be a whole number from ${SANCTION_DAYS.min} to ${SANCTION_DAYS.max}`;
    throw badRequest(message, [{ path: 'days', message }]);
  }
  return days;
}

async function lockUser(tx: Queryable, id: string) {
  const [target] = await tx
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(eq(users.id, id))
    .for('no key update');
  if (!target) throw notFound(MESSAGES.server.userNotFound);
  return target;
}

/**
 * Warns, silences or suspends an account inside the caller's transaction (the moderation queue's resolve
 * writes it with its resolution, all or nothing). 404 for an unknown account, 403 for the admin
 * themselves or another admin. A suspension ends every session of the account in the same transaction.
 * After commit the caller passes the result to `announceSanction`.
 */
export async function writeSanction(tx: Queryable, input: ImposeSanction) {
  const target = await lockUser(tx, input.userId);
  refuseUnlessSanctionable(input.by, target);
  const now = Date.now();
  const days = input.kind === 'warn' ? undefined : daysOf(input.days);
  const [row] = await tx
    .insert(sanctions)
    .values({
      userId: target.id,
      kind: input.kind,
      reason: input.reason,
      message: input.message || null,
      startsAt: new Date(now),
      endsAt: days === undefined ? null : new Date(now + days * DAY_MS),
      createdById: input.by.id,
      createdByName: input.by.name,
    })
    .returning();
  if (!row) throw new Error('sanction insert returned nothing');
  if (row.kind === 'suspend') await endUserSessions(tx, target.id);
  await recordAudit(tx, {
    actor: input.by,
    action: 'sanction_imposed',
    target: { type: 'user', id: target.id, name: target.name },
    detail: input.note ? `${describe(row)} — private reason: ${input.note}` : describe(row),
  });
  const raised = await notifySanction(tx, row);
  return { row, raised };
}

/**
 * After commit: this process forgets the person's cached sessions and re-checks their streams at once
 * (other processes hear it from the database), and the person's notification goes out live.
 */
export async function announceSanction(ctx: AppContext, written: Awaited<ReturnType<typeof writeSanction>>) {
  authChanged(ctx, { kind: 'user', id: written.row.userId });
  await publishNotifications(ctx, written.raised);
}

/** Warns, silences or suspends an account (the admin route): writeSanction in a transaction of its own. */
export async function imposeSanction(ctx: AppContext, input: ImposeSanction): Promise<Sanction> {
  const written = await ctx.db.transaction((tx) => writeSanction(tx, input));
  await announceSanction(ctx, written);
  return presentSanction(written.row);
}

/**
 * Lifts a silence or suspension early: it ends now. 404 for a sanction that is not this account's, 409
 * for one not in force (a warning, one ended or lifted already).
 */
export async function liftSanction(
  ctx: AppContext,
  admin: { id: string; name: string },
  userId: string,
  sanctionId: string,
  reason: string | undefined,
): Promise<Sanction> {
  const { row, raised } = await ctx.db.transaction(async (tx) => {
    const target = await lockUser(tx, userId);
    const [before] = await tx
      .select()
      .from(sanctions)
      .where(and(eq(sanctions.id, sanctionId), eq(sanctions.userId, userId)))
      .for('update');
    if (!before) throw notFound(MESSAGES.server.sanctionNotFound);
    if (!isActive(before)) throw conflict(MESSAGES.server.sanctionNotActive);
    const [row] = await tx
      .update(sanctions)
      .set({ liftedAt: new Date(), liftReason: reason || null, liftedById: admin.id })
      .where(eq(sanctions.id, sanctionId))
      .returning();
    if (!row) throw notFound(MESSAGES.server.sanctionNotFound);
    await recordAudit(tx, {
      actor: admin,
      action: 'sanction_lifted',
      target: { type: 'user', id: target.id, name: target.name },
      detail: `${describe(row)} — lifted${reason ? `: ${reason}` : ''}`,
    });
    const raised = await notifySanctionLifted(tx, row);
    return { row, raised };
  });
  authChanged(ctx, { kind: 'user', id: userId });
  await publishNotifications(ctx, raised);
  return presentSanction(row);
}

/** Every sanction of an account, newest first; 404 for an unknown account. */
export async function listSanctions(ctx: AppContext, userId: string): Promise<SanctionListResponse> {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(MESSAGES.server.userNotFound);
  const rows = await ctx.db
    .select()
    .from(sanctions)
    .where(eq(sanctions.userId, userId))
    .orderBy(desc(sanctions.startsAt), desc(sanctions.id));
  const now = Date.now();
  return { sanctions: rows.map((row) => presentSanction(row, now)) };
}
