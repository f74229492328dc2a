import { isIanaTimeZone } from '@mentora/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';

// The zone a user's digest keeps (issue #35): a job reads it in PostgreSQL (`at time zone`) and the app
// in JavaScript (Intl), so a stored zone must be a name both know. PostgreSQL's list is
// pg_timezone_names (PGlite has it too); Intl knows names that PostgreSQL does not (US/Pacific-New,
// dropped from the tz database in 2020) and PostgreSQL names Intl does not (Factory), and each may drop
// a name in an upgrade. So a name is checked against both when it is stored, and a job that reads a
// stored one treats a name PostgreSQL no longer knows as UTC (notifications/mail.ts).

/** PostgreSQL's zone names, by lower case (its own lookup ignores case), read once per database. */
const namesOf = new WeakMap<object, Promise<Map<string, string>>>();

function databaseZones(db: Queryable): Promise<Map<string, string>> {
  let names = namesOf.get(db);
  if (!names) {
    // The list is read from disk on each call (tens of milliseconds): once per process, not per request.
    names = db
      .execute<{ name: string }>(sql`select name from pg_timezone_names`)
      .then((result) => new Map(result.rows.map((row) => [row.name.toLowerCase(), row.name])));
    namesOf.set(db, names);
    names.catch(() => namesOf.delete(db));
  }
  return names;
}

/** Intl's canonical name of a zone (US/Pacific-New: America/Los_Angeles). */
const canonical = (name: string) => new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;

/**
 * The name to store for a zone asked for, spelled as PostgreSQL spells it: the name itself when both sides
 * know it, else Intl's canonical name for it when PostgreSQL knows that; undefined when neither.
 */
export async function storableTimeZone(db: Queryable, asked: string): Promise<string | undefined> {
  if (!isIanaTimeZone(asked)) return undefined;
  const names = await databaseZones(db);
  const known = names.get(asked.toLowerCase()) ?? names.get(canonical(asked).toLowerCase());
  return known !== undefined && isIanaTimeZone(known) ? known : undefined;
}

/**
 * The zone a stored one stands for now: itself (as PostgreSQL spells it) while both sides know it, null
 * (UTC, as the digest then keeps) for one stored before names were checked, or dropped since.
 */
export async function effectiveTimeZone(db: Queryable, stored: string | null): Promise<string | null> {
  if (stored === null || !isIanaTimeZone(stored)) return null;
  const known = (await databaseZones(db)).get(stored.toLowerCase());
  return known !== undefined && isIanaTimeZone(known) ? known : null;
}
