// Made on first use: building a formatter is costly (the first one loads the locale's data).
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** A timestamp as a short date ('' when unreadable), as on the dashboard. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
  return dateFormat.format(date);
}

/** Date and time, for the tooltip of a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  dateTimeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return dateTimeFormat.format(date);
}

/** "1 reply", "3 replies". */
export function countLabel(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
