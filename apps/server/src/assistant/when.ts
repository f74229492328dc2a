// Times as the asker's own clock shows them: the assistant answers "when is my next session?" in the
// time zone the asker's app sends with the question (UTC when it sends none).

/** "Tuesday 1 December at 14:00". */
export function dayAndTime(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

/** "14:00". */
export function timeOfDay(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(date);
}

/** The zone as people read it: "Europe/Paris time", "UTC". */
export const zoneName = (timeZone: string) => (timeZone === 'UTC' ? 'UTC' : `${timeZone.replaceAll('_', ' ')} time`);

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** How long until a time ahead, roughly: "in 40 minutes", "in 5 hours", "in 3 days". */
export function fromNow(date: Date, now: Date): string {
  const minutes = Math.max(1, Math.round((date.getTime() - now.getTime()) / 60_000));
  if (minutes < 90) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 36) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}
