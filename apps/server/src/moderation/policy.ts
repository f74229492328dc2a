import type { Role } from '@mentora/contract';
import { isAdmin } from '../users/policy.js';

// Who may do what in moderation (issue #24), tested alone in policy.test.ts.

export interface Viewer {
  id: string;
  role: Role;
}

/** Hidden content is still shown as written to its author and to admins; everyone else sees the notice. */
export const canSeeHidden = (viewer: Viewer, authorId: string): boolean => viewer.id === authorId || isAdmin(viewer);

/**
 * Liking or replying to something hidden: only by those who may still read it. Anyone else sees the
 * notice in its place, and answering what they cannot read would add to it unseen.
 */
export const canRespondTo = (viewer: Viewer, item: { hidden: boolean; authorId: string }): boolean =>
  !item.hidden || canSeeHidden(viewer, item.authorId);

/** Anyone signed in may report what someone else wrote (or someone else's profile), never their own. */
export const canReport = (reporter: Viewer, authorId: string): boolean => reporter.id !== authorId;

/** The review queue and its actions are for admins. */
export const canModerate = (user: { role: Role }): boolean => isAdmin(user);

/** What a reporter needs before their reports count toward hiding (config.moderation). */
export interface StandingRules {
  /** How old their account must be. */
  minAgeMs: number;
  /** How many texts of theirs others can read (not hidden). */
  minActivity: number;
}

/** One reporter of an item, as the auto-hide rule weighs them. */
export interface Reporter {
  role: Role;
  accountAgeMs: number;
  /** Their texts others can read: discussions, replies, posts, post replies, reviews (not hidden). */
  activity: number;
  /** Their earlier reports whose entries a moderator decided: hidden or deleted (upheld), kept (dismissed). */
  upheld: number;
  dismissed: number;
  /** They reported this very item before, and a moderator kept it (dismissed those reports). */
  dismissedHere: boolean;
}

/**
 * Standing (as Discourse's trust levels): a reporter's reports count toward hiding only once their
 * account is old enough and has done enough, so accounts made a minute ago cannot silence anyone.
 * Admins always have it. Reports without standing still go to the queue for a moderator.
 */
export const hasStanding = (reporter: Reporter, rules: StandingRules): boolean =>
  isAdmin(reporter) || (reporter.accountAgeMs >= rules.minAgeMs && reporter.activity >= rules.minActivity);

/**
 * How much one report counts toward hiding, between 0 and 2: 1 for a reporter with standing and no
 * decided reports, towards 2 as moderators upheld their earlier reports, towards 0 as they dismissed
 * them (Laplace's rule of succession: (upheld + 1) / (decided + 2), doubled). Nothing without standing,
 * and nothing for someone whose earlier reports of this same item a moderator dismissed: they cannot
 * hide it again, only queue it.
 */
export function reportWeight(reporter: Reporter, rules: StandingRules): number {
  if (reporter.dismissedHere || !hasStanding(reporter, rules)) return 0;
  return (2 * (reporter.upheld + 1)) / (reporter.upheld + reporter.dismissed + 2);
}

/**
 * An item is hidden pending review once its reporters' weight (reportWeight, summed) reaches
 * `threshold` (MODERATION_AUTO_HIDE_REPORTS), or at once when the automatic check found it severe (a
 * threat); an admin's content never is (an admin's announcement must not be hidden by reports: a
 * moderator decides).
 */
export function shouldAutoHide(
  item: { reporters: readonly Reporter[]; severe: boolean; authorIsAdmin: boolean },
  threshold: number,
  rules: StandingRules,
): boolean {
  if (item.authorIsAdmin) return false;
  if (item.severe) return true;
  const weight = item.reporters.reduce((sum, reporter) => sum + reportWeight(reporter, rules), 0);
  // A small tolerance: three reporters of weight 2/3 + 2/3 + 5/3 make 3 on paper, not always in floats.
  return weight >= threshold - 1e-9;
}

/** How the queue orders entries: more distinct reporters first, then severity, then how long it waited. */
export function queueScore(item: { reporters: number; autoFlag: boolean; severe: boolean; ageHours: number }): number {
  const severity = item.severe ? 30 : item.autoFlag ? 10 : 0;
  // Age counts a point every 4 hours, up to 12 (two days): an old entry rises, but never above a fresh threat.
  return item.reporters * 10 + severity + Math.min(Math.max(item.ageHours, 0), 48) / 4;
}
