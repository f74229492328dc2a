// The app's dates and numbers, written out in English as the rest of the interface is ("Nov 25, 2026",
// "Nov 25, 2026, 9:14 PM", "1,234.50"), in the reader's time zone. By hand rather than with `Intl`: a
// page's first `Intl` formatter makes Chromium read in its locale data, 50-110 ms on a desktop and four
// times that on a phone, which every signed-in page paid before its first paint or in its first render.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function readDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dayOf = (date: Date) => `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;

/** A timestamp as a short date ("Nov 25, 2026"); '' when missing or unreadable. */
export function formatDate(iso: string | null | undefined): string {
  const date = readDate(iso);
  return date ? dayOf(date) : '';
}

/** Date and time on a 12-hour clock ("Nov 25, 2026, 9:14 PM"); '' when missing or unreadable. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = readDate(iso);
  if (!date) return '';
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${dayOf(date)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A number rounded to two decimals, its thousands grouped ("1,234.50", "-3.00"). */
export function formatDecimal(value: number): string {
  const [whole = '0', cents = '00'] = Math.abs(value).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const negative = value < 0 && Number(`${whole}.${cents}`) !== 0;
  return `${negative ? '-' : ''}${grouped}.${cents}`;
}

/** A count with its noun: "1 reply", "3 replies", "0 students". */
export function countLabel(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
