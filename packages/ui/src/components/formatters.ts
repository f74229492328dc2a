// The app's date and number formatters, one of each for every screen, made on first use: the first
// `Intl` formatter of a page costs 60-140 ms in Chromium on a fast desktop (the locale's data is read in
// then; later ones take under 1 ms), and the boot script makes them early (`warmUpFormatters`) so that
// no page's first render pays for it.
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;
let decimalFormat: Intl.NumberFormat | undefined;

const dates = () => (dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));
const dateTimes = () =>
  (dateTimeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
const decimals = () =>
  (decimalFormat ??= new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

function readDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A timestamp as a short date ("Nov 25, 2026"); '' when missing or unreadable. */
export function formatDate(iso: string | null | undefined): string {
  const date = readDate(iso);
  return date ? dates().format(date) : '';
}

/** Date and time ("Nov 25, 2026, 9:14 PM"); '' when missing or unreadable. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = readDate(iso);
  return date ? dateTimes().format(date) : '';
}

/** A number with two decimals, in the reader's locale ("19.50"). */
export function formatDecimal(value: number): string {
  return decimals().format(value);
}

/** Makes the formatters now, while nothing waits on them (the boot script, for signed-in pages). */
export function warmUpFormatters(): void {
  dates();
  dateTimes();
  decimals();
}
