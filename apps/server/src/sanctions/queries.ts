import { eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { users } from '../db/schema.js';
import type { Restriction } from './policy.js';

interface RawRestriction {
  id: string;
  kind: Restriction['kind'];
  reason: string;
  endsAt: number | string;
}

function parseRestrictions(value: unknown): Restriction[] {
  const raw = (typeof value === 'string' ? JSON.parse(value) : value) as RawRestriction[] | null;
  return (raw ?? []).map((r) => ({ id: r.id, kind: r.kind, reason: r.reason, endsAt: new Date(Number(r.endsAt)) }));
}

/**
 * The silences and suspensions of the user that are neither lifted nor over, as one column of a query
 * over the users table (unaliased: it names "users"."id", which drizzle leaves unqualified when users is
 * the only table), such as the one that reads a session (auth/sessions.ts): no extra round trip.
 */
export function restrictionsOfUser(): SQL<Restriction[]> {
  return sql`(
    select coalesce(json_agg(json_build_object(
      'id', s.id, 'kind', s.kind, 'reason', s.reason,
      'endsAt', (extract(epoch from s.ends_at) * 1000)::bigint
    ) order by s.ends_at desc), '[]'::json)
    from sanctions s
    where s.user_id = "users"."id" and s.kind <> 'warn' and s.lifted_at is null and s.ends_at > now()
  )`.mapWith(parseRestrictions);
}

/** The silences and suspensions in force on one account (none for an unknown one). */
export async function restrictionsOf(db: Queryable, userId: string): Promise<Restriction[]> {
  const [row] = await db.select({ restrictions: restrictionsOfUser() }).from(users).where(eq(users.id, userId));
  return row?.restrictions ?? [];
}

/**
 * Whether an account (its id, as SQL) is suspended at `at`: for a statement over many users, such as the
 * one that decides whose digest is due (notifications/mail.ts), where a suspended account gets nothing.
 * The same test as restrictionsOfUser's, at a given moment.
 */
export function suspendedAtSql(userId: SQL, at: SQL): SQL<boolean> {
  return sql<boolean>`exists (
    select from sanctions s
    where s.user_id = ${userId} and s.kind = 'suspend' and s.lifted_at is null and s.ends_at > ${at}
  )`;
}
