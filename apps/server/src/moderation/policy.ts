import type { Role } from '@mentora/contract';
import { isAdmin } from '../users/policy.js';

// Who may do what in moderation (issue #24), tested alone in policy.test.ts.

export interface Viewer {
  id: string;
  role: Role;
}

/** Hidden content is still shown as written to its author and to admins; everyone else sees the notice. */
export const canSeeHidden = (viewer: Viewer, authorId: string): boolean => viewer.id === authorId || isAdmin(viewer);

/** Anyone signed in may report what someone else wrote (or someone else's profile), never their own. */
export const canReport = (reporter: Viewer, authorId: string): boolean => reporter.id !== authorId;

/** The review queue and its actions are for admins. */
export const canModerate = (user: { role: Role }): boolean => isAdmin(user);

/**
 * An item is hidden pending review once `threshold` distinct people have reported it (not before), or
 * at once when the automatic check found it severe (a threat).
 */
export const shouldAutoHide = (item: { reporters: number; severe: boolean }, threshold: number): boolean =>
  item.severe || item.reporters >= threshold;

/** How the queue orders entries: more distinct reporters first, then severity, then how long it waited. */
export function queueScore(item: { reporters: number; autoFlag: boolean; severe: boolean; ageHours: number }): number {
  const severity = item.severe ? 30 : item.autoFlag ? 10 : 0;
  // Age counts up to two days at one point an hour: an old entry rises, but never above a fresh threat.
  return item.reporters * 10 + severity + Math.min(Math.max(item.ageHours, 0), 48) / 4;
}
