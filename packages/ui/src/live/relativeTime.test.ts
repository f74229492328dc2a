import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime';

describe('relativeTime', () => {
  const now = new Date(2026, 10, 25, 12, 0).getTime();
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('says "just now" under a minute, and words the rest as Intl does in English', () => {
    expect(relativeTime(ago(0), now)).toBe('just now');
    expect(relativeTime(ago(59), now)).toBe('just now');
    expect(relativeTime(ago(-30), now)).toBe('just now');
    const intl = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    const cases: [number, Intl.RelativeTimeFormatUnit, number][] = [
      [60, 'minute', 1],
      [5 * 60, 'minute', 5],
      [3600, 'hour', 1],
      [5 * 3600, 'hour', 5],
      [24 * 3600, 'day', 1],
      [3 * 24 * 3600, 'day', 3],
      [7 * 24 * 3600, 'week', 1],
      [3 * 7 * 24 * 3600, 'week', 3],
      [30 * 24 * 3600, 'month', 1],
      [5 * 30 * 24 * 3600, 'month', 5],
      [365 * 24 * 3600, 'year', 1],
      [2 * 365 * 24 * 3600, 'year', 2],
    ];
    for (const [seconds, unit, amount] of cases) {
      expect(relativeTime(ago(seconds), now)).toBe(intl.format(-amount, unit));
      expect(relativeTime(ago(-seconds), now)).toBe(intl.format(amount, unit));
    }
    expect(relativeTime(ago(24 * 3600), now)).toBe('yesterday');
    expect(relativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
  });

  it('gives an empty string for an unreadable time', () => {
    expect(relativeTime('not a date', now)).toBe('');
  });
});
