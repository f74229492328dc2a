import { MESSAGES } from '@mentora/contract';
import type { UserRow } from '../db/schema.js';
import { forbidden } from '../http/errors.js';
import { isAdmin } from '../users/policy.js';

// Who a sanction keeps from doing what (issue #24). A silence or a suspension is in force from its start
// until its end, unless lifted: each check compares with the time of the check, so one ends by itself
// with no timer. The sanctions in force come with the caller's session (auth/sessions.ts, cached with it
// in auth/sessionCache.ts), so checking them costs no query.

/** A silence or suspension not lifted, as the session lookup reads it (its end may have passed since). */
export interface Restriction {
  id: string;
  kind: 'silence' | 'suspend';
  reason: string;
  endsAt: Date;
}

/** Whether it is in force at `now`. */
export const inForce = (r: Restriction, now: number = Date.now()) => r.endsAt.getTime() > now;

/**
 * The sanction of that kind in force at `now`, the one that ends last when there are several (that is
 * the one that holds), or undefined.
 */
export function restrictionInForce(
  restrictions: readonly Restriction[],
  kind: Restriction['kind'],
  now: number = Date.now(),
): Restriction | undefined {
  let found: Restriction | undefined;
  for (const r of restrictions) {
    if (r.kind !== kind || !inForce(r, now)) continue;
    if (!found || r.endsAt > found.endsAt) found = r;
  }
  return found;
}

/** What an admin list shows: a suspension before a silence. */
export function shownRestriction(restrictions: readonly Restriction[], now: number = Date.now()) {
  return restrictionInForce(restrictions, 'suspend', now) ?? restrictionInForce(restrictions, 'silence', now);
}

export const isSuspended = (restrictions: readonly Restriction[], now?: number) =>
  restrictionInForce(restrictions, 'suspend', now) !== undefined;

/** A suspended account may not sign in: 403 saying until when and why. */
export function refuseIfSuspended(restrictions: readonly Restriction[], now?: number): void {
  const suspension = restrictionInForce(restrictions, 'suspend', now);
  if (suspension) throw forbidden(MESSAGES.server.suspended(suspension.endsAt, suspension.reason));
}

/**
 * A silenced caller may read but not publish: every write of content others read is refused with 403
 * saying until when and why. The one check of every such write (http/apiRouter.ts applies it to the
 * calls whose row in the contract's API_ROUTES says `publishes`).
 */
export function refuseIfSilenced(caller: { restrictions: readonly Restriction[] }, now?: number): void {
  const silence = restrictionInForce(caller.restrictions, 'silence', now);
  if (silence) throw forbidden(MESSAGES.server.silenced(silence.endsAt, silence.reason));
}

/** Admins sanction learners and mentors; never themselves, never another admin (403). */
export function refuseUnlessSanctionable(admin: Pick<UserRow, 'id'>, target: Pick<UserRow, 'id' | 'role'>): void {
  if (admin.id === target.id) throw forbidden(MESSAGES.server.cannotSanctionSelf);
  if (isAdmin(target)) throw forbidden(MESSAGES.server.cannotSanctionAdmin);
}
