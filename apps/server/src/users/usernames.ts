import { randomInt } from 'node:crypto';

const NOT_USERNAME_CHAR = /[^a-z0-9._-]/g;
/**
 * Dots, dashes and underscores at either end. A trailing run is looked for only where a run starts
 * (the lookbehind): tried inside a run too, it would reread that run from each of its characters.
 */
const EDGE_PUNCTUATION = /^[._-]+|(?<![._-])[._-]+$/g;

/** Every pattern applied to an email's local part, for the ReDoS sweep (regexSafety.test.ts). */
export const USERNAME_PATTERNS: Readonly<Record<string, RegExp>> = { NOT_USERNAME_CHAR, EDGE_PUNCTUATION };

/** A username from the email's local part: lowercase letters, digits, dots, dashes, underscores. */
export function usernameBase(email: string): string {
  const local = email.split('@')[0] ?? '';
  const cleaned = local.toLowerCase().replace(NOT_USERNAME_CHAR, '').replace(EDGE_PUNCTUATION, '').slice(0, 30);
  return cleaned.length >= 2 ? cleaned : `user${cleaned}`;
}

/** Candidates to try in order: the base, then the base with a random number. */
export function usernameCandidate(base: string, attempt: number): string {
  if (attempt === 0) return base;
  const digits = attempt < 4 ? 4 : 8;
  return `${base}${randomInt(10 ** (digits - 1), 10 ** digits)}`;
}
