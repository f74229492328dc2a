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
 * saying until when and why. The one check of every such write (sanctions/guard.ts applies it to the
 * calls SILENCED_WRITES names).
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

/**
 * The API calls a silenced caller may not make: each publishes something others read (under /api,
 * Express path syntax). Everything else stays open: reading, deleting one's own content, liking (a like
 * publishes no words), enrolling, the assistant (nobody else reads it), notifications, password and
 * sign-out, deleting the account. Profile edits are refused: name, bio and picture are shown to others.
 * sanctions/silence.test.ts checks that every write the app mounts is named here or in SILENCE_ALLOWS.
 */
export const SILENCED_WRITES = [
  'POST /discussions',
  'POST /discussions/:id/replies',
  'POST /community',
  'POST /community/:id/replies',
  'POST /reviews',
  'POST /classes',
  'PUT /classes/:id',
  'PUT /auth/profile',
  'PUT /auth/profile/picture',
  // A silenced caller cannot report either (issue #24).
  'POST /reports',
  // Scheduling a session publishes its title to the class's learners (issue #25).
  'POST /classes/:id/sessions',
  'PUT /classes/:id/sessions/:sid',
  // A material's name is shown to the class's learners, and its content is theirs to download (issue #26).
  'POST /classes/:id/materials',
  'PATCH /materials/:id',
] as const;

/** The writes a silenced caller may still make, each on purpose (see SILENCED_WRITES). */
export const SILENCE_ALLOWS = [
  'POST /auth/register',
  'POST /auth/login',
  'POST /auth/logout',
  'POST /auth/logout-all',
  'POST /auth/forgot-password',
  'POST /auth/reset-password',
  'PUT /auth/password',
  'DELETE /auth/account',
  'POST /users/request-verification',
  'DELETE /users/mentor/:id',
  'DELETE /users/learner/:id',
  'POST /users/:id/sanctions',
  'DELETE /users/:id/sanctions/:sid',
  'POST /moderation/queue/:id/resolve',
  'PUT /admin/verify-mentor/:id',
  'PUT /admin/users/:id/role',
  'DELETE /classes/:id',
  'POST /classes/:id/enroll',
  'POST /classes/:id/unenroll',
  'POST /classes/:id/live',
  'POST /classes/:id/live/room',
  // Taking a learner off a roster publishes nothing (the notification is the system's, not their words).
  'DELETE /classes/:id/roster/:userId',
  // Cancelling a session publishes no words of theirs (the notification is the system's).
  'DELETE /classes/:id/sessions/:sid',
  // Removing a file, or one's picture, publishes nothing.
  'DELETE /materials/:id',
  'DELETE /auth/profile/picture',
  // A new private calendar link publishes nothing; the old one stops working.
  'POST /calendar/feed/reset',
  'DELETE /discussions/:id',
  'POST /community/:id/like',
  'DELETE /community/:id',
  'POST /gemini/chat',
  'POST /gemini/chat/stream',
  'DELETE /gemini/history',
  'POST /notifications/read',
  // Choosing how to be told, and stopping emails from a link, publish nothing.
  'PUT /notifications/preferences',
  'POST /notifications/unsubscribe',
] as const;

/** "POST /discussions/:id/replies" → a matcher of method and path, as Express routes them (any case, a trailing slash). */
function matcher(call: string): (method: string, path: string) => boolean {
  const [method, path = ''] = call.split(' ');
  const pattern = new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}/?$`, 'i');
  return (m, p) => m === method && pattern.test(p);
}

const SILENCED_MATCHERS = SILENCED_WRITES.map(matcher);

/** Whether a silenced caller is refused this call (method as Express gives it, path under /api). */
export function isSilencedWrite(method: string, path: string): boolean {
  return SILENCED_MATCHERS.some((matches) => matches(method.toUpperCase(), path));
}
