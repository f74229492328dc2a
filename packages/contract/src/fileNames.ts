// The names files get when someone saves them: read by people in a downloads folder, so made of what
// they are about (a class's title, a day) rather than ids.

/** A title as part of a file name: letters, digits and dashes only, at most 60 characters. */
export function titleSlug(title: string, fallback = 'class'): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .toLowerCase()
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** A session's .ics file (issue #37.15): the class and the day it starts (YYYY-MM-DD), not its id. */
export function sessionCalendarFileName(classTitle: string, day: string): string {
  return `${titleSlug(classTitle)}-${day}.ics`;
}
