import { randomInt } from 'node:crypto';

const COMBINING_MARKS = /\p{M}+/gu;
const NOT_ALPHANUMERIC = /[^a-z0-9]+/g;
const EDGE_DOTS = /^\.|\.$/g;

/** Every pattern applied to a name to make a username, for the ReDoS sweep (regexSafety.test.ts). */
export const USERNAME_PATTERNS: Readonly<Record<string, RegExp>> = { COMBINING_MARKS, NOT_ALPHANUMERIC, EDGE_DOTS };

/**
 * A new account's username, from its name ("Zoë O'Neil" is "zoe.o.neil"): lowercase letters and digits
 * joined by dots, "user" when the name has too few of them. Never from the email: the username is shown
 * to the mentors of a learner's classes, and an email's local part is often the whole address's secret
 * half (issue #35). Accounts made before keep the username they have.
 */
export function usernameBase(name: string): string {
  const words = name.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase().replace(NOT_ALPHANUMERIC, '.');
  const cleaned = words.replace(EDGE_DOTS, '').slice(0, 30).replace(EDGE_DOTS, '');
  return cleaned.length >= 2 ? cleaned : `user${cleaned}`;
}

/** Candidates to try in order: the base, then the base with a random number. */
export function usernameCandidate(base: string, attempt: number): string {
  if (attempt === 0) return base;
  const digits = attempt < 4 ? 4 : 8;
  return `${base}${randomInt(10 ** (digits - 1), 10 ** digits)}`;
}
