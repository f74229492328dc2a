import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { sessions, type UserRow, users } from '../db/schema.js';
import { isId } from '../http/validate.js';
import { isSuspended, type Restriction } from '../sanctions/policy.js';
import { restrictionsOfUser } from '../sanctions/queries.js';
import type { SessionCache } from './sessionCache.js';
import { signToken, verifyToken } from './tokens.js';

// Sessions idle longer than config.sessionIdleMs (SESSION_IDLE_DAYS) end. A request refreshes
// lastSeenAt at most once per hour, so a session's idle time is known to within that hour.
const TOUCH_EVERY_MS = 3600 * 1000;

export async function startSession(db: Queryable, secret: string, userId: string, userAgent = ''): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({ userId, userAgent: userAgent.slice(0, 300) })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return signToken(secret, { userId, sessionId: row.id });
}

const sessionWithUser = prepared('session_with_user', (db, name) =>
  db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt, restrictions: restrictionsOfUser() })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare(name),
);

/** The session's user as the database has it now; undefined once the session has ended or the account is suspended. */
export async function userOfSession(db: Queryable, sessionId: string, userId: string): Promise<UserRow | undefined> {
  const [row] = await sessionWithUser(db).execute({ sessionId, userId });
  if (!row || isSuspended(row.restrictions)) return undefined;
  return row.user;
}

export interface Authenticated {
  user: UserRow;
  sessionId: string;
  /** The caller's silences and suspensions not lifted (sanctions/policy.ts says which are in force now). */
  restrictions: readonly Restriction[];
}

/**
 * The signed-in user behind a token, or null when the token is bad, ended or idle longer than idleMs
 * (then it ends). With a cache (auth/sessionCache.ts) the session is read from the database only when
 * this process does not hold it.
 */
export async function resolveToken(
  db: Queryable,
  secret: string,
  token: string,
  idleMs: number,
  cache?: SessionCache,
): Promise<Authenticated | null> {
  const claims = verifyToken(secret, token);
  if (!claims || !isId(claims.sessionId) || !isId(claims.userId)) return null;
  let found = cache?.get(claims.sessionId);
  if (!found) {
    const generation = cache?.generation() ?? 0;
    const [row] = await sessionWithUser(db).execute({ sessionId: claims.sessionId, userId: claims.userId });
    if (!row) return null;
    found = { user: row.user, lastSeenAt: row.lastSeenAt, restrictions: row.restrictions };
    cache?.set(generation, claims.sessionId, found);
  }
  // A token whose user is not the session's never matches (the query asks for both).
  if (found.user.id !== claims.userId) return null;
  // A suspension ends every session when imposed (sanctions/service.ts); this refuses any that slipped
  // in beside it, and holds until the suspension ends.
  if (isSuspended(found.restrictions)) return null;
  const idle = Date.now() - found.lastSeenAt.getTime();
  if (idle > idleMs) {
    await db.delete(sessions).where(eq(sessions.id, claims.sessionId));
    cache?.forgetSession(claims.sessionId);
    return null;
  }
  if (idle > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, claims.sessionId));
    found.lastSeenAt = new Date();
  }
  return { user: found.user, sessionId: claims.sessionId, restrictions: found.restrictions };
}

export async function endSession(db: Queryable, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (all their tokens then get 401), or every one but the caller's. */
export async function endUserSessions(db: Queryable, userId: string, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
    );
}

/** Ends every session idle longer than idleMs, used or not. */
export async function endIdleSessions(db: Queryable, idleMs: number): Promise<void> {
  await db.delete(sessions).where(lt(sessions.lastSeenAt, new Date(Date.now() - idleMs)));
}
