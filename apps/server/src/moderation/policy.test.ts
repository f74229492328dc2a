import { describe, expect, it } from 'vitest';
import { canModerate, canReport, canSeeHidden, queueScore, shouldAutoHide } from './policy.js';

const learner = { id: 'l', role: 'learner' as const };
const admin = { id: 'a', role: 'admin' as const };

describe('moderation policy', () => {
  it('shows hidden content to its author and admins only', () => {
    expect(canSeeHidden(learner, 'l')).toBe(true);
    expect(canSeeHidden(admin, 'someone')).toBe(true);
    expect(canSeeHidden(learner, 'someone')).toBe(false);
    expect(canSeeHidden({ id: 'm', role: 'mentor' }, 'someone')).toBe(false);
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

  it('hides at exactly the threshold of distinct reporters, or at once when severe', () => {
    expect(shouldAutoHide({ reporters: 2, severe: false }, 3)).toBe(false);
    expect(shouldAutoHide({ reporters: 3, severe: false }, 3)).toBe(true);
    expect(shouldAutoHide({ reporters: 0, severe: true }, 3)).toBe(true);
    expect(shouldAutoHide({ reporters: 1, severe: false }, 1)).toBe(true);
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
