type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';

const UNITS: [Unit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** The words English uses for one unit back or ahead, where it has them. */
const NAMED: Partial<Record<Unit, [past: string, future: string]>> = {
  day: ['yesterday', 'tomorrow'],
  week: ['last week', 'next week'],
  month: ['last month', 'next month'],
  year: ['last year', 'next year'],
};

// Written out by hand, as Intl.RelativeTimeFormat('en', { numeric: 'auto' }) words it: the first `Intl`
// formatter of a page costs 50-110 ms (components/formatters.ts).
function phrase(amount: number, unit: Unit): string {
  const named = NAMED[unit];
  if (named && Math.abs(amount) === 1) return amount < 0 ? named[0] : named[1];
  const count = Math.abs(amount);
  const words = `${count} ${count === 1 ? unit : `${unit}s`}`;
  return amount < 0 ? `${words} ago` : `in ${words}`;
}

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago". */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return '';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return phrase(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}
