import { LIMITS, passwordBytes } from '@mentora/contract';
import bcrypt from 'bcryptjs';
import { limitConcurrency } from './limitConcurrency.js';

// bcryptjs hashes in slices of up to 100 ms, one slice per pending hash on each turn of the event
// loop: fifty logins at once made every turn last five seconds, so other requests waited that long
// for a database connection and got 503. One hash at a time is as fast in total (they all share one
// thread) and keeps each turn to one slice: other requests go on being served during a login burst.
const oneAtATime = limitConcurrency(1);

export function hashPassword(password: string, cost: number): Promise<string> {
  return oneAtATime(() => bcrypt.hash(password, cost));
}

// Compared against when the email is unknown, so a wrong email costs as long as a wrong password.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', 12);

/**
 * A password over 72 bytes never matches, without comparing: bcrypt would read only its first 72
 * bytes, so a long guess sharing them with the real password would pass. New passwords cannot be that
 * long (passwordSchema); an account made before that rule must reset its password.
 */
export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  if (passwordBytes(password) > LIMITS.password.maxBytes) return false;
  const ok = await oneAtATime(() => bcrypt.compare(password, hash ?? DUMMY_HASH));
  return hash !== undefined && ok;
}
