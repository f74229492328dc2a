import type { Role } from '@mentora/contract';
import { asc, eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { type UserRow, users } from '../db/schema.js';
import { usernameBase, usernameCandidate } from './usernames.js';

export interface NewAccount {
  name: string;
  email: string;
  passwordHash: string;
  role: Role;
  skills?: string[];
  bio?: string;
  profilePicture?: string;
  verified?: boolean;
}

export class EmailTakenError extends Error {}

export function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1)
    .then((rows) => rows[0]);
}

export function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

/**
 * Inserts an account with a unique username made from its name (never its email: usernames.ts). The unique indexes decide races;
 * ON CONFLICT DO NOTHING (rather than catching the error) keeps a surrounding transaction usable:
 * a taken email is EmailTakenError, a taken username is retried with a new candidate.
 */
export async function insertAccount(db: Queryable, account: NewAccount): Promise<UserRow> {
  const email = account.email.trim().toLowerCase();
  const base = usernameBase(account.name);
  for (let attempt = 0; attempt < 8; attempt++) {
    const [row] = await db
      .insert(users)
      .values({
        name: account.name,
        email,
        username: usernameCandidate(base, attempt),
        passwordHash: account.passwordHash,
        role: account.role,
        skills: account.skills ?? [],
        bio: account.bio ?? '',
        profilePicture: account.profilePicture ?? '',
        verified: account.verified ?? false,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    if (await findUserByEmail(db, email)) throw new EmailTakenError();
  }
  throw new Error('could not find a free username');
}

export interface LockedAccount {
  id: string;
  name: string;
  role: Role;
}

/**
 * Locks every admin row, and the row of `alsoId` when given, until the transaction ends: in id order,
 * so concurrent callers queue instead of deadlocking. What the last-admin rule needs to decide.
 */
export function lockAdmins(tx: Queryable, alsoId?: string): Promise<LockedAccount[]> {
  const admins = eq(users.role, 'admin');
  return tx
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(alsoId ? or(admins, eq(users.id, alsoId)) : admins)
    .orderBy(asc(users.id))
    .for('update');
}

/**
 * The last-admin rule: an administrator stops being one (deleted, or given another role) only while
 * another remains, so the platform always has someone to verify mentors and moderate.
 */
export function wouldLeaveNoAdmin(locked: LockedAccount[], leavingId: string): boolean {
  const admins = locked.filter((account) => account.role === 'admin');
  return admins.some((admin) => admin.id === leavingId) && admins.length <= 1;
}
