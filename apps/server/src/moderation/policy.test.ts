import { describe, expect, it } from 'vitest';
import {
  canModerate,
  canReport,
  canRespondTo,
  canSeeHidden,
  hasStanding,
  queueScore,
  reportWeight,
  shouldAutoHide,
} from './policy.js';

const learner = { id: 'l', role: 'learner' as const };
const admin = { id: 'a', role: 'admin' as const };

describe('moderation policy', () => {
  it('shows hidden content to its author and admins only', () => {
    expect(canSeeHidden(learner, 'l')).toBe(true);
    expect(canSeeHidden(admin, 'someone')).toBe(true);
    expect(canSeeHidden(learner, 'someone')).toBe(false);
    expect(canSeeHidden({ id: 'm', role: 'mentor' }, 'someone')).toBe(false);
  });

  it('lets only those who can read hidden content like or answer it', () => {
    const hidden = { hidden: true, authorId: 'someone' };
    expect(canRespondTo(learner, hidden)).toBe(false);
    expect(canRespondTo({ id: 'm', role: 'mentor' }, hidden)).toBe(false);
    expect(canRespondTo({ id: 'someone', role: 'learner' }, hidden)).toBe(true);
    expect(canRespondTo(admin, hidden)).toBe(true);
    expect(canRespondTo(learner, { hidden: false, authorId: 'someone' })).toBe(true);
  });

  it('lets anyone report others but never themselves', () => {
    expect(canReport(learner, 'someone')).toBe(true);
    expect(canReport(learner, 'l')).toBe(false);
    expect(canReport(admin, 'a')).toBe(false);
  });

  it('keeps the queue to admins', () => {
    expect(canModerate(admin)).toBe(true);
    for (const role of ['learner', 'mentor', 'both'] as const) expect(canModerate({ role })).toBe(false);
  });

  const DAY = 86_400_000;
  const rules = { minAgeMs: 3 * DAY, minActivity: 3 };
  /** A reporter with standing and no decided reports: weight 1. */
  const standing = {
    role: 'learner' as const,
    accountAgeMs: 30 * DAY,
    activity: 5,
    upheld: 0,
    dismissed: 0,
    dismissedHere: false,
  };
  const item = (reporters: (typeof standing)[], more: { severe?: boolean; authorIsAdmin?: boolean } = {}) => ({
    reporters,
    severe: more.severe ?? false,
    authorIsAdmin: more.authorIsAdmin ?? false,
  });

  it('hides at exactly the threshold of reporters with standing, or at once when severe', () => {
    expect(shouldAutoHide(item([standing, standing]), 3, rules)).toBe(false);
    expect(shouldAutoHide(item([standing, standing, standing]), 3, rules)).toBe(true);
    expect(shouldAutoHide(item([], { severe: true }), 3, rules)).toBe(true);
    expect(shouldAutoHide(item([standing]), 1, rules)).toBe(true);
  });

  it('gives standing by account age and activity (admins always), and counts nobody without it', () => {
    expect(hasStanding(standing, rules)).toBe(true);
    const young = { ...standing, accountAgeMs: 3 * DAY - 1 };
    const idle = { ...standing, activity: 2 };
    expect(hasStanding(young, rules)).toBe(false);
    expect(hasStanding(idle, rules)).toBe(false);
    expect(hasStanding({ ...young, activity: 0, role: 'admin' }, rules)).toBe(true);
    expect(hasStanding({ ...young, activity: 0 }, { minAgeMs: 0, minActivity: 0 })).toBe(true);
    expect(reportWeight(young, rules)).toBe(0);
    // Any number of fresh accounts hide nothing.
    expect(shouldAutoHide(item(Array.from({ length: 50 }, () => young)), 3, rules)).toBe(false);
  });

  it('weighs a reporter by how their earlier reports were decided', () => {
    expect(reportWeight(standing, rules)).toBe(1);
    const trusted = { ...standing, upheld: 8 };
    const doubted = { ...standing, dismissed: 8 };
    expect(reportWeight(trusted, rules)).toBeGreaterThan(1.5);
    expect(reportWeight(trusted, rules)).toBeLessThan(2);
    expect(reportWeight(doubted, rules)).toBeLessThan(0.25);
    expect(reportWeight({ ...standing, upheld: 1, dismissed: 1 }, rules)).toBe(1);
    // Two reporters whose reports were always upheld hide what three new ones would.
    expect(shouldAutoHide(item([trusted, trusted]), 3, rules)).toBe(true);
    // Three whose reports were dismissed twice each do not.
    const dismissedTwice = { ...standing, dismissed: 2 };
    expect(shouldAutoHide(item([dismissedTwice, dismissedTwice, dismissedTwice]), 3, rules)).toBe(false);
  });

  it('never counts again the reporters of an item a moderator kept, and never hides an admin’s content', () => {
    const again = { ...standing, dismissedHere: true, dismissed: 1 };
    expect(reportWeight(again, rules)).toBe(0);
    expect(shouldAutoHide(item([again, again, again]), 3, rules)).toBe(false);
    expect(shouldAutoHide(item([again, again, again, standing, standing, standing]), 3, rules)).toBe(true);
    expect(shouldAutoHide(item([standing, standing, standing], { authorIsAdmin: true }), 3, rules)).toBe(false);
    expect(shouldAutoHide(item([], { severe: true, authorIsAdmin: true }), 3, rules)).toBe(false);
  });

  it('scores reporters, then severity, then age', () => {
    const base = { reporters: 0, autoFlag: false, severe: false, ageHours: 0 };
    expect(queueScore({ ...base, reporters: 2 })).toBeGreaterThan(queueScore({ ...base, reporters: 1 }));
    expect(queueScore({ ...base, autoFlag: true, severe: true })).toBeGreaterThan(
      queueScore({ ...base, autoFlag: true }),
    );
    expect(queueScore({ ...base, ageHours: 10 })).toBeGreaterThan(queueScore(base));
    // Age is capped: a two-week-old single report stays below a fresh threat.
    expect(queueScore({ ...base, reporters: 1, ageHours: 400 })).toBeLessThan(
      queueScore({ ...base, autoFlag: true, severe: true }),
    );
  });
});
