import { afterEach, describe, expect, it, vi } from 'vitest';
import { relativeTime } from '../live/relativeTime';
import { countLabel, formatDate, formatDateTime, formatDecimal } from './formatters';

afterEach(() => vi.restoreAllMocks());

/** An instant given in the reader's time zone, as the API sends it (ISO, UTC). */
const local = (...parts: [number, number, number, number?, number?]) => new Date(...parts).toISOString();

/** What Intl words in US English (its narrow no-break space before AM/PM made a plain one). */
const intlDate = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));
const intlDateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })
    .format(new Date(iso))
    .replace(/\u202f/g, ' ');

describe('formatters', () => {
  it('write dates and times in English, in the reader’s time zone, on a 12-hour clock', () => {
    expect(formatDate(local(2026, 10, 25, 21, 14))).toBe('Nov 25, 2026');
    expect(formatDateTime(local(2026, 10, 25, 21, 14))).toBe('Nov 25, 2026, 9:14 PM');
    expect(formatDateTime(local(2026, 0, 1, 0, 5))).toBe('Jan 1, 2026, 12:05 AM');
    expect(formatDateTime(local(2026, 4, 9, 12, 0))).toBe('May 9, 2026, 12:00 PM');
  });

  it('word every month and hour as Intl does in US English', () => {
    for (let month = 0; month < 12; month++) {
      for (const hour of [0, 1, 11, 12, 13, 23]) {
        const iso = local(2025, month, 28, hour, 7);
        expect(formatDate(iso)).toBe(intlDate(iso));
        expect(formatDateTime(iso)).toBe(intlDateTime(iso));
      }
    }
  });

  it('give an empty string for a missing or unreadable date', () => {
    for (const unreadable of [null, undefined, '', 'not a date']) {
      expect(formatDate(unreadable)).toBe('');
      expect(formatDateTime(unreadable)).toBe('');
    }
  });

  it('write numbers with two decimals and grouped thousands', () => {
    expect(formatDecimal(0)).toBe('0.00');
    expect(formatDecimal(19.5)).toBe('19.50');
    expect(formatDecimal(999.999)).toBe('1,000.00');
    expect(formatDecimal(1234567.891)).toBe('1,234,567.89');
    expect(formatDecimal(-1234.5)).toBe('-1,234.50');
    expect(formatDecimal(-0.001)).toBe('0.00');
  });

  it('make no Intl formatter: the first one of a page would cost it the locale data’s load', () => {
    const made = [
      vi.spyOn(Intl, 'DateTimeFormat'),
      vi.spyOn(Intl, 'NumberFormat'),
      vi.spyOn(Intl, 'RelativeTimeFormat'),
      vi.spyOn(Date.prototype, 'toLocaleDateString'),
      vi.spyOn(Date.prototype, 'toLocaleString'),
      vi.spyOn(Number.prototype, 'toLocaleString'),
    ];
    formatDate(local(2026, 10, 25));
    formatDateTime(local(2026, 10, 25, 9, 30));
    formatDecimal(1234.5);
    relativeTime(local(2026, 10, 24), new Date(2026, 10, 25).getTime());
    for (const spy of made) expect(spy).not.toHaveBeenCalled();
  });
});

describe('countLabel', () => {
  it('puts the singular with one only, the plural with none and many', () => {
    expect(countLabel(1, 'reply', 'replies')).toBe('1 reply');
    expect(countLabel(0, 'reply', 'replies')).toBe('0 replies');
    expect(countLabel(3, 'student', 'students')).toBe('3 students');
  });
});
