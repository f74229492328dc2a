import { type RosterLearner, titleSlug } from '@mentora/contract';

// The roster as a CSV file (RFC 4180): what a mentor keeps or opens in a spreadsheet.

export const ROSTER_CSV_HEADER = ['Name', 'Username', 'Enrolled at'] as const;

/**
 * One cell: quoted when it holds a comma, quote or line break. A cell a spreadsheet would run as a formula
 * (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe: a learner's name is
 * theirs to choose, and opening the file must never run it.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The learners in the order shown, one line each; enrolment times as ISO 8601 (UTC), which every tool reads. */
export function rosterCsv(learners: readonly RosterLearner[]): string {
  const lines = [ROSTER_CSV_HEADER, ...learners.map((l) => [l.name, l.username, l.enrolledAt])];
  return `${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** A file name from the class title: letters, digits and dashes only. */
export function rosterFileName(classTitle: string): string {
  return `${titleSlug(classTitle)}-roster.csv`;
}
