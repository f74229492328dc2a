// The app's dates, numbers, prices and relative times, all through `Intl` so that they follow the viewer's
// locale and time zone (DESIGN.md: store UTC, show in the viewer's time zone) and can be translated.
// Building an `Intl` formatter is the costly part, so each one is built on first use and kept.
//
// Every function takes an optional `{ locale, timeZone }`; left out, both are the viewer's (the runtime's
// defaults). Tests pass them to pin the output.
//
// Relative times (`relativeTime`) follow one rule:
// - under a minute either way: "now";
// - under 24 hours: whole minutes, then whole hours, as elapsed ("59 minutes ago", "23 hours ago");
// - from 24 hours: calendar days in the viewer's time zone, so "yesterday" means the previous calendar day
//   there (47 hours before noon is "2 days ago"; 47 hours before 23:00 is "yesterday", 00:00 that day),
//   and a day shortened by daylight saving time still counts as one day (24 hours that stay within one
//   25-hour autumn day read as "24 hours ago");
// - from 7 calendar days: weeks; from one whole calendar month: months; from 12 months: years.
// Counts are of whole units passed (floored), never rounded up; the future reads the same way ("tomorrow").

import { rewriteUtcMoments } from '@mentora/contract';

export interface FormatOptions {
  /** A BCP 47 tag; the viewer's locale when left out. */
  locale?: string;
  /** An IANA zone such as 'Europe/London'; the viewer's zone when left out. */
  timeZone?: string;
}

/** The viewer's time zone (an IANA name); undefined where the runtime does not say. */
export const viewerTimeZone = (): string | undefined => Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string | undefined,
  options: object,
  make: () => T,
): T {
  const key = `${kind}|${locale ?? ''}|${JSON.stringify(options)}`;
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

function dateFormat(options: Intl.DateTimeFormatOptions, { locale, timeZone }: FormatOptions) {
  const all = timeZone ? { ...options, timeZone } : options;
  return cached('date', locale, all, () => new Intl.DateTimeFormat(locale, all));
}

function numberFormat(options: Intl.NumberFormatOptions, locale: string | undefined) {
  return cached('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

function readDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A timestamp as a medium date ("Nov 25, 2026" in US English); '' when missing or unreadable. */
export function formatDate(iso: string | null | undefined, options: FormatOptions = {}): string {
  const date = readDate(iso);
  return date ? dateFormat({ dateStyle: 'medium' }, options).format(date) : '';
}

/** Date and short time ("Nov 25, 2026, 9:14 PM" in US English); '' when missing or unreadable. */
export function formatDateTime(iso: string | null | undefined, options: FormatOptions = {}): string {
  const date = readDate(iso);
  return date ? dateFormat({ dateStyle: 'medium', timeStyle: 'short' }, options).format(date) : '';
}

/**
 * A server message with its moments ("until 3 December 2026, 14:05 UTC", the API's one form) written as
 * formatDateTime writes every other date, so that the app shows dates in one style, in the reader's zone.
 */
export function localMoments(text: string, options: FormatOptions = {}): string {
  return rewriteUtcMoments(text, (moment) => formatDateTime(moment.toISOString(), options));
}

/** A number with a fixed count of decimals and grouped thousands ("1,234.50" in US English). */
export function formatDecimal(value: number, { locale }: FormatOptions = {}, fractionDigits = 2): string {
  const format = numberFormat(
    { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits, signDisplay: 'negative' },
    locale,
  );
  return format.format(value);
}

/**
 * An amount of money: in the currency's own style when its ISO 4217 code is given ("$1,234.50"), otherwise
 * as a two-decimal number.
 */
export function formatMoney(amount: number, currency?: string, { locale }: FormatOptions = {}): string {
  if (!currency) return formatDecimal(amount, { locale });
  return numberFormat({ style: 'currency', currency }, locale).format(amount);
}

/** A count with its noun: "1 reply", "3 replies", "0 students". */
export function countLabel(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The calendar date an instant falls on in the zone, as a day number that can be subtracted. */
function calendarDay(date: Date, timeZone: string | undefined) {
  const parts = dateFormat({ year: 'numeric', month: 'numeric', day: 'numeric' }, { locale: 'en-US', timeZone })
    .formatToParts(date)
    .reduce<Record<string, number>>((found, part) => {
      if (part.type !== 'literal') found[part.type] = Number(part.value);
      return found;
    }, {});
  const year = parts.year ?? 0;
  const month = parts.month ?? 1;
  const day = parts.day ?? 1;
  return { year, month, day, index: Date.UTC(year, month - 1, day) / DAY };
}

/** "now", "5 minutes ago", "yesterday", "in 3 days", "last month", by the rule at the top of this file. */
export function relativeTime(iso: string, now: number = Date.now(), options: FormatOptions = {}): string {
  const then = readDate(iso);
  if (!then) return '';
  const format = cached('relative', options.locale, { numeric: 'auto' }, () => {
    return new Intl.RelativeTimeFormat(options.locale, { numeric: 'auto' });
  });
  const elapsed = then.getTime() - now;
  const sign = elapsed < 0 ? -1 : 1;
  const size = Math.abs(elapsed);
  if (size < MINUTE) return format.format(0, 'second');
  if (size < HOUR) return format.format(sign * Math.floor(size / MINUTE), 'minute');
  const from = calendarDay(new Date(now), options.timeZone);
  const to = calendarDay(then, options.timeZone);
  const days = Math.abs(to.index - from.index);
  if (size < DAY || days === 0) return format.format(sign * Math.floor(size / HOUR), 'hour');
  // Whole calendar months between the two dates: a month counts once its day of the month is reached.
  const [early, late] = sign < 0 ? [to, from] : [from, to];
  const months = (late.year - early.year) * 12 + late.month - early.month - (late.day < early.day ? 1 : 0);
  if (months >= 12) return format.format(sign * Math.floor(months / 12), 'year');
  if (months >= 1) return format.format(sign * months, 'month');
  if (days >= 7) return format.format(sign * Math.floor(days / 7), 'week');
  return format.format(sign * days, 'day');
}

const BYTE_UNITS = ['kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * A file's size ("532 B", "1.2 MB", "48 MB"), one decimal under ten. Units of 1024, as the server counts
 * its limits (MATERIAL_MAX_MB, the class quota), so "50 MB" here is the "50 MB" of its messages.
 */
export function formatBytes(bytes: number, { locale }: FormatOptions = {}): string {
  let value = Math.max(0, Math.round(bytes));
  if (value < 1024) return `${numberFormat({ maximumFractionDigits: 0 }, locale).format(value)} B`;
  let unit = -1;
  while (unit < 0 || (value >= 1024 && unit < BYTE_UNITS.length - 1)) {
    value /= 1024;
    unit += 1;
  }
  return numberFormat(
    { style: 'unit', unit: BYTE_UNITS[unit], unitDisplay: 'short', maximumFractionDigits: value < 10 ? 1 : 0 },
    locale,
  ).format(value);
}
