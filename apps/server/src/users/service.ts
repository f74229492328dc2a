import { type AdminUser, LEARNER_ROLES, MENTOR_ROLES, MESSAGES, type Role, type User } from '@mentora/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../audit/service.js';
import { authChanged } from '../auth/authChanges.js';
import { hashPassword } from '../auth/passwords.js';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import { type UserRow, users } from '../db/schema.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../http/errors.js';
import { notifyMentorVerified, notifyVerificationRequest } from '../notifications/raise.js';
import { publishNotifications } from '../notifications/service.js';
import { shownRestriction } from '../sanctions/policy.js';
import { presentActiveSanction } from '../sanctions/presenter.js';
import { restrictionsOfUser } from '../sanctions/queries.js';
import { EmailTakenError, findUserByEmail, insertAccount, lockAdmins, wouldLeaveNoAdmin } from './accounts.js';
import { canRequestVerification, isMentor } from './policy.js';
import { presentUser } from './presenter.js';

/** Marks the mentor's request and tells every admin (one notification per mentor, renewed if they ask again). */
export async function requestVerification(ctx: AppContext, user: UserRow): Promise<void> {
  if (!canRequestVerification(user)) throw forbidden(MESSAGES.server.mentorOnly);
  if (user.verified) throw badRequest(MESSAGES.server.alreadyVerified);
  const raised = await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ verificationRequested: true, verificationRequestDate: new Date() })
      .where(eq(users.id, user.id));
    return notifyVerificationRequest(tx, user);
  });
  authChanged(ctx, { kind: 'user', id: user.id });
  await publishNotifications(ctx, raised);
}

/** Admin lists: each user with the sanction in force on them, if any (read in the same query). */
function listByRoles(db: Queryable, roles: readonly Role[]): Promise<AdminUser[]> {
  return db
    .select({ user: users, restrictions: restrictionsOfUser() })
    .from(users)
    .where(inArray(users.role, [...roles]))
    .orderBy(desc(users.createdAt))
    .then((rows) => {
      const now = Date.now();
      return rows.map((row) => ({
        ...presentUser(row.user),
        sanction: presentActiveSanction(shownRestriction(row.restrictions, now)),
      }));
    });
}

export const listMentors = (ctx: AppContext) => listByRoles(ctx.db, MENTOR_ROLES);
export const listLearners = (ctx: AppContext) => listByRoles(ctx.db, LEARNER_ROLES);
export const listAdmins = (ctx: AppContext) => listByRoles(ctx.db, ['admin']);

/**
 * An admin removes an account of one of the given roles and everything it owns. One DELETE: the
 * foreign keys cascade (sessions, classes with their enrolments, discussions and reviews, posts,
 * replies, likes), so the database itself guarantees there are no orphans, atomically; the audit
 * entry is written in the same transaction.
 */
export async function deleteAccount(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  roles: readonly Role[],
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(users)
      .where(and(eq(users.id, id), inArray(users.role, [...roles])))
      .returning({ id: users.id, name: users.name, email: users.email, role: users.role });
    if (!deleted) throw notFound(MESSAGES.server.userNotFound);
    await recordAudit(tx, {
      actor: admin,
      action: 'user_deleted',
      target: { type: 'user', id: deleted.id, name: deleted.name },
      detail: `${deleted.email} (${deleted.role})`,
    });
  });
  authChanged(ctx, { kind: 'user', id: id });
  // Everything they made or joined went with them (the foreign keys cascade).
  ctx.readCache.clear();
}

/** Verifies a mentor, who is notified the first time (verifying again changes nothing, and is not logged). */
export async function verifyMentor(ctx: AppContext, admin: UserRow, id: string): Promise<User> {
  const { row, raised } = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ verified: users.verified })
      .from(users)
      .where(and(eq(users.id, id), inArray(users.role, [...MENTOR_ROLES])))
      .for('no key update');
    if (!before) throw notFound(MESSAGES.server.userNotFound);
    const [row] = await tx.update(users).set({ verified: true }).where(eq(users.id, id)).returning();
    if (!row) throw notFound(MESSAGES.server.userNotFound);
    if (before.verified) return { row, raised: [] };
    await recordAudit(tx, { actor: admin, action: 'mentor_verified', target: { type: 'user', id, name: row.name } });
    return { row, raised: await notifyMentorVerified(tx, id, admin.id) };
  });
  authChanged(ctx, { kind: 'user', id: id });
  await publishNotifications(ctx, raised);
  return presentUser(row);
}

/**
 * An admin gives an account another role, admin included (admins grant admin access; SPEC.md). The
 * last-admin rule holds (409), for the caller's own role too. Sessions stay; the new role applies from
 * the account's next request and to its open event streams at once (events/hub.ts). Becoming admin also
 * marks the account verified, as the command-line tool does. A mentor who loses the mentor role loses
 * their verification and any request for it, in the same transaction: back as a mentor, they ask again.
 * Their classes stay, but are no longer theirs to run (classes/policy.ts isClassMentor). Setting the
 * role it already has changes nothing and is not logged.
 */
const UNVERIFIED = { verified: false, verificationRequested: false, verificationRequestDate: null };
const losesMentorRole = (from: Role, to: Role) => isMentor({ role: from }) && !isMentor({ role: to });

export async function changeRole(ctx: AppContext, admin: UserRow, id: string, role: Role): Promise<User> {
  const row = await ctx.db.transaction(async (tx) => {
    const locked = await lockAdmins(tx, id);
    const before = locked.find((account) => account.id === id);
    if (!before) throw notFound(MESSAGES.server.userNotFound);
    if (before.role !== role && wouldLeaveNoAdmin(locked, id)) throw conflict(MESSAGES.server.lastAdminRole);
    const [row] = await tx
      .update(users)
      .set({
        role,
        ...(losesMentorRole(before.role, role) ? UNVERIFIED : {}),
        ...(role === 'admin' ? { verified: true } : {}),
      })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw notFound(MESSAGES.server.userNotFound);
    if (before.role !== role) {
      await recordAudit(tx, {
        actor: admin,
        action: 'role_changed',
        target: { type: 'user', id, name: row.name },
        detail: `${before.role} → ${role}`,
      });
    }
    return row;
  });
  authChanged(ctx, { kind: 'user', id: id });
  return presentUser(row);
}

/** Creates an admin account, or promotes an existing account with that email. Shell and start-up only. */
export async function createOrPromoteAdmin(
  db: Queryable,
  admin: { email: string; name: string; password?: string | undefined },
  bcryptCost: number,
): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByEmail(db, admin.email);
  if (existing) {
    const [row] = await db
      .update(users)
      .set({ role: 'admin', verified: true })
      .where(eq(users.id, existing.id))
      .returning();
    if (!row) throw new Error('promotion failed');
    return { user: row, created: false };
  }
  if (!admin.password) throw new Error('A password is needed to create a new admin account');
  const user = await insertAccount(db, {
    name: admin.name,
    email: admin.email,
    passwordHash: await hashPassword(admin.password, bcryptCost),
    role: 'admin',
    verified: true,
  });
  return { user, created: true };
}

/**
 * The first administrator from ADMIN_EMAIL/ADMIN_PASSWORD: created once, never changed afterwards.
 * Several processes starting together may all try: the unique email lets one win, the others carry on.
 */
export async function ensureFirstAdmin(ctx: AppContext): Promise<void> {
  const admin = ctx.config.admin;
  if (!admin) return;
  if (await findUserByEmail(ctx.db, admin.email)) return;
  try {
    await createOrPromoteAdmin(ctx.db, admin, ctx.config.bcryptCost);
  } catch (error) {
    if (error instanceof EmailTakenError || isUniqueViolation(error)) return;
    throw error;
  }
  ctx.logger.info({ email: admin.email }, 'created the first administrator from ADMIN_EMAIL');
}
