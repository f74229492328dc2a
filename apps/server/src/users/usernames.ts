import { randomInt } from 'node:crypto';

/** A username from the email's local part: lowercase letters, digits, dots, dashes, underscores. */
export function usernameBase(email: string): string {
  const local = email.split('@')[0] ?? '';
  const cleaned = local
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 30);
  return cleaned.length >= 2 ? cleaned : `user${cleaned}`;
}

/** Candidates to try in order: the base, then the base with a random number. */
export function usernameCandidate(base: string, attempt: number): string {
  if (attempt === 0) return base;
  const digits = attempt < 4 ? 4 : 8;
  return `${base}${randomInt(10 ** (digits - 1), 10 ** digits)}`;
}
