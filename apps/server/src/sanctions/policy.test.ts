import { formatUtc, MESSAGES } from '@mentora/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.js';
import {
  inForce,
  isSuspended,
  type Restriction,
  refuseIfSilenced,
  refuseIfSuspended,
  refuseUnlessSanctionable,
  restrictionInForce,
  shownRestriction,
} from './policy.js';

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const r = (kind: Restriction['kind'], endsInMs: number, reason = 'spam'): Restriction => ({
  id: `${kind}-${endsInMs}`,
  kind,
  reason,
  endsAt: new Date(NOW + endsInMs),
});

function refusal(fn: () => void): HttpError {
  try {
    fn();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('a sanction is in force until its end, compared with the time of the check', () => {
  it('ends by itself: in force a millisecond before its end, not at it', () => {
    expect(inForce(r('silence', 1), NOW)).toBe(true);
    expect(inForce(r('silence', 0), NOW)).toBe(false);
    expect(inForce(r('silence', -1), NOW)).toBe(false);
  });

  it('of several, the one that ends last holds; a suspension is shown before a silence', () => {
    const list = [r('silence', 1000), r('silence', 5000), r('suspend', -10), r('silence', -5)];
    expect(restrictionInForce(list, 'silence', NOW)?.id).toBe('silence-5000');
    expect(restrictionInForce(list, 'suspend', NOW)).toBeUndefined();
    expect(shownRestriction(list, NOW)?.id).toBe('silence-5000');
    expect(shownRestriction([...list, r('suspend', 10)], NOW)?.id).toBe('suspend-10');
    expect(isSuspended(list, NOW)).toBe(false);
  });
});

describe('refusals say until when and why', () => {
  it('a silenced caller: 403 with the end as a UTC date and the reason', () => {
    const silence = r('silence', 7 * 86_400_000 + 5 * 60_000, 'Insults in replies');
    const error = refusal(() => refuseIfSilenced({ restrictions: [silence] }, NOW));
    expect(error.status).toBe(403);
    expect(error.message).toBe('Your account is silenced until 3 December 2026, 12:05 UTC: Insults in replies');
    expect(error.message).toBe(MESSAGES.server.silenced(silence.endsAt, silence.reason));
  });

  it('a suspended account: 403 the same way', () => {
    const error = refusal(() => refuseIfSuspended([r('suspend', 86_400_000, 'Harassment')], NOW));
    expect(error.status).toBe(403);
    expect(error.message).toBe('Your account is suspended until 27 November 2026, 12:00 UTC: Harassment');
  });

  it('nothing in force: nothing refused (a silence does not stop sign-in)', () => {
    expect(() => refuseIfSilenced({ restrictions: [r('silence', -1), r('suspend', 1000)] }, NOW)).not.toThrow();
    expect(() => refuseIfSuspended([r('silence', 1000), r('suspend', -1)], NOW)).not.toThrow();
  });

  it('formats dates unambiguously whatever the local time zone', () => {
    expect(formatUtc('2027-01-05T23:59:59.999Z')).toBe('5 January 2027, 23:59 UTC');
    expect(formatUtc(new Date('2026-12-31T00:00:00Z'))).toBe('31 December 2026, 00:00 UTC');
  });
});

describe('who may be sanctioned', () => {
  it('never the admin themselves, never another admin; learners and mentors yes', () => {
    const admin = { id: 'a', role: 'admin' as const };
    expect(refusal(() => refuseUnlessSanctionable(admin, admin)).message).toBe(MESSAGES.server.cannotSanctionSelf);
    expect(refusal(() => refuseUnlessSanctionable(admin, { id: 'b', role: 'admin' })).message).toBe(
      MESSAGES.server.cannotSanctionAdmin,
    );
    for (const role of ['learner', 'mentor', 'both'] as const) {
      expect(() => refuseUnlessSanctionable(admin, { id: 'c', role })).not.toThrow();
    }
  });
});
