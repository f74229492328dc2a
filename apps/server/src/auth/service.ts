import {
  type AuthResponse,
  type changePasswordRequestSchema,
  type deleteAccountRequestSchema,
  type loginRequestSchema,
  MESSAGES,
  type registerRequestSchema,
  type User,
  type updateProfileRequestSchema,
} from '@mentora/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { type UserRow, users } from '../db/schema.js';
import { badRequest, conflict, HttpError, isUniqueViolation, notFound } from '../http/errors.js';
import { EmailTakenError, findUserByEmail, insertAccount, lockAdmins, wouldLeaveNoAdmin } from '../users/accounts.js';
import { isAdmin } from '../users/policy.js';
import { presentUser } from '../users/presenter.js';
import { authChanged } from './authChanges.js';
import { revokeResetLinks } from './passwordReset.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { type Authenticated, endSession, endUserSessions, startSession } from './sessions.js';

type RegisterInput = z.output<typeof registerRequestSchema>;
type LoginInput = z.output<typeof loginRequestSchema>;
type ProfileInput = z.output<typeof updateProfileRequestSchema>;
type ChangePasswordInput = z.output<typeof changePasswordRequestSchema>;
type DeleteAccountInput = z.output<typeof deleteAccountRequestSchema>;

export async function register(ctx: AppContext, input: RegisterInput, userAgent?: string): Promise<AuthResponse> {
  const passwordHash = await hashPassword(input.password, ctx.config.bcryptCost);
  try {
    return await ctx.db.transaction(async (tx) => {
      const user = await insertAccount(tx, {
        name: input.name,
        email: input.email,
        passwordHash,
        role: input.role,
        skills: input.skills,
        bio: input.bio,
        profilePicture: input.profilePicture,
      });
      const token = await startSession(tx, ctx.config.jwtSecret, user.id, userAgent);
      return { ...presentUser(user), token };
    });
  } catch (error) {
    if (error instanceof EmailTakenError) throw conflict(MESSAGES.server.emailTaken);
    throw error;
  }
}

export async function login(ctx: AppContext, input: LoginInput, userAgent?: string): Promise<AuthResponse> {
  const user = await findUserByEmail(ctx.db, input.email);
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !ok) throw new HttpError(401, MESSAGES.server.invalidCredentials);
  const token = await startSession(ctx.db, ctx.config.jwtSecret, user.id, userAgent);
  return { ...presentUser(user), token };
}

export async function logout(ctx: AppContext, sessionId: string): Promise<void> {
  await endSession(ctx.db, sessionId);
  authChanged(ctx, { kind: 'session', id: sessionId });
}

export async function updateProfile(ctx: AppContext, user: UserRow, input: ProfileInput): Promise<User> {
  try {
    const [row] = await ctx.db
      .update(users)
      .set({
        name: input.name,
        email: input.email,
        profilePicture: input.profilePicture,
        bio: input.bio,
        ...(input.skills ? { skills: input.skills } : {}),
      })
      .where(eq(users.id, user.id))
      .returning();
    if (!row) throw notFound(MESSAGES.server.userNotFound);
    authChanged(ctx, { kind: 'user', id: user.id });
    ctx.readCache.changed('users');
    return presentUser(row);
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key')) throw conflict(MESSAGES.server.emailTaken);
    throw error;
  }
}

/** "Log out everywhere": ends every session of the user, the caller's included. */
export async function logoutEverywhere(ctx: AppContext, userId: string): Promise<void> {
  await endUserSessions(ctx.db, userId);
  authChanged(ctx, { kind: 'user', id: userId });
}

/**
 * A wrong current password is a 400 on that field, not a 401: the caller is signed in, and a 401
 * would send the UI to /login. Success keeps the caller's session and ends every other one.
 */
export async function changePassword(ctx: AppContext, auth: Authenticated, input: ChangePasswordInput): Promise<void> {
  if (!(await verifyPassword(input.currentPassword, auth.user.passwordHash))) {
    const message = MESSAGES.account.currentPasswordWrong;
    throw badRequest(message, [{ path: 'currentPassword', message }]);
  }
  const passwordHash = await hashPassword(input.newPassword, ctx.config.bcryptCost);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, auth.user.id));
    await endUserSessions(tx, auth.user.id, auth.sessionId);
    await revokeResetLinks(tx, auth.user.id);
  });
  authChanged(ctx, { kind: 'user', id: auth.user.id });
}

/**
 * Deletes the caller's own account after they confirm their password. One DELETE: the foreign keys
 * cascade to everything the account owns (sessions, classes with their enrolments, discussions,
 * reviews, posts, replies, likes, reset links). The last administrator cannot delete themselves
 * (409, users/accounts.ts wouldLeaveNoAdmin): the platform would be left with nobody to verify mentors,
 * moderate or grant admin access until someone ran the command-line tool. Admin rows are locked first,
 * so two last admins deleting themselves at once cannot both succeed.
 */
export async function deleteOwnAccount(ctx: AppContext, user: UserRow, input: DeleteAccountInput): Promise<void> {
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    const message = MESSAGES.account.passwordWrong;
    throw badRequest(message, [{ path: 'password', message }]);
  }
  await ctx.db.transaction(async (tx) => {
    if (isAdmin(user) && wouldLeaveNoAdmin(await lockAdmins(tx), user.id)) {
      throw conflict(MESSAGES.account.lastAdmin);
    }
    const deleted = await tx.delete(users).where(eq(users.id, user.id)).returning({ id: users.id });
    if (deleted.length === 0) throw notFound(MESSAGES.server.userNotFound);
  });
  authChanged(ctx, { kind: 'user', id: user.id });
  // Everything they made or joined went with them (the foreign keys cascade).
  ctx.readCache.clear();
}
