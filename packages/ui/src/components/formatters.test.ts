import { MESSAGES } from '@mentora/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  countLabel,
  formatBytes,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMoney,
  localMoments,
  relativeTime,
} from './formatters';

afterEach(() => vi.restoreAllMocks());

// ICU puts a narrow no-break space before AM/PM and a no-break space before '€'; these read them as plain.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const US_UTC = { locale: 'en-US', timeZone: 'UTC' };

describe('localMoments', () => {
  it('writes the server message’s UTC moments as the app writes dates, in the reader’s zone (issue #37.15)', () => {
    const message = MESSAGES.server.silenced('2026-12-02T04:57:00.000Z', 'spam');
    expect(message).toBe('Your account is silenced until 2 December 2026, 04:57 UTC: spam');
    expect(plain(localMoments(message, { locale: 'en-US', timeZone: 'America/New_York' }))).toBe(
      'Your account is silenced until Dec 1, 2026, 11:57 PM: spam',
    );
    expect(plain(localMoments(message, { locale: 'en-GB', timeZone: 'Asia/Tokyo' }))).toBe(
      'Your account is silenced until 2 Dec 2026, 13:57: spam',
    );
  });

  it('leaves a message without such a moment, or with an impossible one, as it is', () => {
    expect(localMoments('Login failed', US_UTC)).toBe('Login failed');
    expect(localMoments('until 99 Smarch 2026, 04:57 UTC', US_UTC)).toBe('until 99 Smarch 2026, 04:57 UTC');
  });
});

describe('formatDate and formatDateTime', () => {
  const evening = '2026-11-25T21:14:00.000Z';

  it('write a medium date and a short time in the given locale', () => {
    expect(formatDate(evening, US_UTC)).toBe('Nov 25, 2026');
    expect(plain(formatDateTime(evening, US_UTC))).toBe('Nov 25, 2026, 9:14 PM');
    expect(plain(formatDateTime('2026-01-01T00:05:00Z', US_UTC))).toBe('Jan 1, 2026, 12:05 AM');
    expect(formatDate(evening, { locale: 'de-DE', timeZone: 'UTC' })).toBe('25.11.2026');
    expect(formatDate(evening, { locale: 'en-GB', timeZone: 'UTC' })).toBe('25 Nov 2026');
  });

  it('show the instant in the viewer’s time zone, daylight saving time included', () => {
    expect(formatDate(evening, { locale: 'en-US', timeZone: 'Asia/Tokyo' })).toBe('Nov 26, 2026');
    expect(plain(formatDateTime('2026-07-01T12:00:00Z', { locale: 'en-GB', timeZone: 'Europe/London' }))).toBe(
      '1 Jul 2026, 13:00',
    );
    expect(plain(formatDateTime('2026-12-01T12:00:00Z', { locale: 'en-GB', timeZone: 'Europe/London' }))).toBe(
      '1 Dec 2026, 12:00',
    );
  });

  it('default to the runtime’s locale and zone', () => {
    const local = new Date(2026, 10, 25, 21, 14).toISOString();
    expect(formatDate(local)).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(local)));
  });

  it('give an empty string for a missing or unreadable date', () => {
    for (const unreadable of [null, undefined, '', 'not a date']) {
      expect(formatDate(unreadable)).toBe('');
      expect(formatDateTime(unreadable)).toBe('');
    }
  });

  it('build each formatter once and reuse it', () => {
    formatDate('2026-11-25T00:00:00Z', { locale: 'en-US', timeZone: 'America/Denver' });
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    for (let i = 0; i < 3; i++) formatDate('2026-11-25T00:00:00Z', { locale: 'en-US', timeZone: 'America/Denver' });
    expect(made).not.toHaveBeenCalled();
  });
});

describe('formatDecimal and formatMoney', () => {
  it('write numbers with two decimals and grouped thousands', () => {
    expect(formatDecimal(0, US_UTC)).toBe('0.00');
    expect(formatDecimal(19.5, US_UTC)).toBe('19.50');
    expect(formatDecimal(999.999, US_UTC)).toBe('1,000.00');
    expect(formatDecimal(1234567.891, US_UTC)).toBe('1,234,567.89');
    expect(formatDecimal(-1234.5, US_UTC)).toBe('-1,234.50');
    expect(formatDecimal(-0.001, US_UTC)).toBe('0.00');
    expect(formatDecimal(4.25, US_UTC, 1)).toBe('4.3');
    expect(formatDecimal(1234.5, { locale: 'de-DE' })).toBe('1.234,50');
  });

  it('write money in its currency’s style, or as a plain two-decimal number without one', () => {
    expect(formatMoney(19.5, undefined, US_UTC)).toBe('19.50');
    expect(formatMoney(1234.5, 'USD', US_UTC)).toBe('$1,234.50');
    expect(plain(formatMoney(1234.5, 'EUR', { locale: 'de-DE' }))).toBe('1.234,50 €');
    expect(formatMoney(1234, 'JPY', { locale: 'en-US' })).toBe('¥1,234');
  });
});

describe('relativeTime', () => {
  const at = (iso: string) => Date.parse(iso);
  const noon = at('2026-11-25T12:00:00Z');
  /** What is shown `seconds` before `now` (after, when negative), in UTC and US English. */
  const shown = (seconds: number, now = noon, options = US_UTC) =>
    relativeTime(new Date(now - seconds * 1000).toISOString(), now, options);
  const M = 60;
  const H = 3600;
  const D = 24 * H;

  it('says "now" under a minute either way', () => {
    expect(shown(0)).toBe('now');
    expect(shown(59)).toBe('now');
    expect(shown(-30)).toBe('now');
  });

  it('counts whole minutes and hours under a day', () => {
    expect(shown(M)).toBe('1 minute ago');
    expect(shown(5 * M)).toBe('5 minutes ago');
    expect(shown(H - 1)).toBe('59 minutes ago');
    expect(shown(H)).toBe('1 hour ago');
    expect(shown(2 * H - 1)).toBe('1 hour ago');
    expect(shown(D - 1)).toBe('23 hours ago');
  });

  it('counts calendar days from 24 hours: "yesterday" only for the previous calendar day', () => {
    expect(shown(D)).toBe('yesterday');
    expect(shown(47 * H)).toBe('2 days ago');
    // 47 hours before 23:00 is 00:00 the day before: yesterday indeed.
    expect(shown(47 * H, at('2026-11-25T23:00:00Z'))).toBe('yesterday');
    expect(shown(6 * D)).toBe('6 days ago');
  });

  it('counts by hours, not by the date, across midnight within a day', () => {
    const justAfterMidnight = at('2026-11-25T00:30:00Z');
    expect(shown(H, justAfterMidnight)).toBe('1 hour ago');
    expect(shown(25 * H, justAfterMidnight)).toBe('2 days ago');
  });

  it('goes on to weeks, whole calendar months and years', () => {
    expect(shown(7 * D)).toBe('last week');
    expect(shown(20 * D)).toBe('2 weeks ago');
    expect(shown(30 * D)).toBe('4 weeks ago'); // Oct 26 to Nov 25: not yet a whole month
    expect(shown(31 * D)).toBe('last month'); // Oct 25
    expect(relativeTime('2026-06-25T12:00:00Z', noon, US_UTC)).toBe('5 months ago');
    expect(relativeTime('2025-11-25T12:00:00Z', noon, US_UTC)).toBe('last year');
    expect(relativeTime('2024-11-26T12:00:00Z', noon, US_UTC)).toBe('last year');
    expect(relativeTime('2024-11-25T12:00:00Z', noon, US_UTC)).toBe('2 years ago');
  });

  it('words the future the same way', () => {
    expect(shown(-5 * M)).toBe('in 5 minutes');
    expect(shown(-3 * H)).toBe('in 3 hours');
    expect(shown(-D)).toBe('tomorrow');
    expect(shown(-47 * H)).toBe('in 2 days');
    expect(relativeTime('2027-02-25T12:00:00Z', noon, US_UTC)).toBe('in 3 months');
  });

  it('counts days in the viewer’s time zone, through daylight saving time (Europe/London)', () => {
    const london = { locale: 'en-GB', timeZone: 'Europe/London' };
    // Clocks went forward at 01:00 UTC on 29 March 2026: 24 hours before 00:30 on the 30th (BST) is
    // 23:30 on the 28th (GMT), two dates back in London but one in UTC.
    const afterSpring = at('2026-03-29T23:30:00Z');
    expect(shown(D, afterSpring, london)).toBe('2 days ago');
    expect(shown(D, afterSpring, US_UTC)).toBe('yesterday');
    // Clocks went back at 01:00 UTC on 25 October 2026: that 25-hour day holds 24 hours on one date.
    const endOfAutumnDay = at('2026-10-25T23:30:00Z');
    expect(shown(D, endOfAutumnDay, london)).toBe('24 hours ago');
    expect(shown(D, endOfAutumnDay, US_UTC)).toBe('yesterday');
    // 23:00 on the 23rd in London is already 08:00 on the 24th in Tokyo.
    const morning = at('2026-11-25T08:00:00Z');
    expect(shown(33 * H, morning, london)).toBe('2 days ago');
    expect(shown(33 * H, morning, { locale: 'en-US', timeZone: 'Asia/Tokyo' })).toBe('yesterday');
  });

  it('speaks the viewer’s language', () => {
    expect(shown(47 * H, noon, { locale: 'de', timeZone: 'UTC' })).toBe('vorgestern');
    expect(shown(D, noon, { locale: 'fr', timeZone: 'UTC' })).toBe('hier');
  });

  it('gives an empty string for an unreadable time', () => {
    expect(relativeTime('not a date', noon)).toBe('');
  });
});

describe('countLabel', () => {
  it('puts the singular with one only, the plural with none and many', () => {
    expect(countLabel(1, 'reply', 'replies')).toBe('1 reply');
    expect(countLabel(0, 'reply', 'replies')).toBe('0 replies');
    expect(countLabel(3, 'student', 'students')).toBe('3 students');
  });
});

describe('formatBytes', () => {
  it('shows bytes whole, then kB, MB and GB in units of 1024 with one decimal under ten', () => {
    const en = { locale: 'en-US' };
    expect(formatBytes(0, en)).toBe('0 B');
    expect(formatBytes(532, en)).toBe('532 B');
    expect(formatBytes(1024, en)).toBe('1 kB');
    expect(formatBytes(1536, en)).toBe('1.5 kB');
    expect(formatBytes(1.2 * 1024 * 1024, en)).toBe('1.2 MB');
    expect(formatBytes(48.4 * 1024 * 1024, en)).toBe('48 MB');
    expect(formatBytes(500 * 1024 * 1024, en)).toBe('500 MB');
    expect(formatBytes(3 * 1024 ** 3, en)).toBe('3 GB');
  });
});
