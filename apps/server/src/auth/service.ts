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
import type { Mailer } from '../mail/mailer.js';
import { checkProfile, type ProfileCheck } from '../moderation/autoFlags.js';
import { publishQueueChanged } from '../moderation/queue.js';
import { refuseIfSuspended } from '../sanctions/policy.js';
import { restrictionsOf } from '../sanctions/queries.js';
import { EmailTakenError, findUserByEmail, insertAccount, lockAdmins, wouldLeaveNoAdmin } from '../users/accounts.js';
import { isAdmin } from '../users/policy.js';
import { presentOwnProfile, presentUser } from '../users/presenter.js';
import { authChanged } from './authChanges.js';
import { mailOldAddress } from './emailChange.js';
import { revokeResetLinks } from './passwordReset.js';
import { type Authenticated, endSession, endUserSessions, startSession } from './sessions.js';

type RegisterInput = z.output<typeof registerRequestSchema>;
type LoginInput = z.output<typeof loginRequestSchema>;
type ProfileInput = z.output<typeof updateProfileRequestSchema>;
type ChangePasswordInput = z.output<typeof changePasswordRequestSchema>;
type DeleteAccountInput = z.output<typeof deleteAccountRequestSchema>;

/**
 * Pictures are uploaded (users/avatars.ts), no longer linked (issue #26): a profile keeps the picture
 * it has, link or upload, or drops it; a new link is refused. Nobody can name another's upload either.
 */
function refuseNewPictureLink(current: string, sent: string): void {
  if (sent !== '' && sent !== current) {
    throw badRequest(MESSAGES.avatars.linkRefused, [{ path: 'profilePicture', message: MESSAGES.avatars.linkRefused }]);
  }
}

/** Who is signing in or registering: their address (their share of the hashing queue) and user agent. */
export interface Client {
  address: string;
  userAgent?: string | undefined;
}

/** The party of a signed-in password check: the account, already bound by its session's own limit. */
const accountParty = (user: UserRow) => `account:${user.id}`;

/** Once a profile's check committed: pages showing a person hidden as a threat change; admins hear of a flag. */
async function afterProfileCheck(ctx: AppContext, check: ProfileCheck): Promise<void> {
  if (check.hidden) ctx.readCache.changed('users');
  if (check.flagged) await publishQueueChanged(ctx);
}

export async function register(ctx: AppContext, input: RegisterInput, client: Client): Promise<AuthResponse> {
  refuseNewPictureLink('', input.profilePicture);
  const passwordHash = await ctx.passwords.hash(input.password, client.address);
  try {
    const registered = await ctx.db.transaction(async (tx) => {
      const user = await insertAccount(tx, {
        name: input.name,
        email: input.email,
        passwordHash,
        role: input.role,
        skills: input.skills,
        bio: input.bio,
        profilePicture: input.profilePicture,
      });
      const token = await startSession(tx, ctx.config.jwtSecret, user.id, client.userAgent);
      // The profile's text and its flag commit together: flagged text is never left out of the queue.
      return { answer: { ...presentOwnProfile(user, []), token }, check: await checkProfile(tx, user) };
    });
    await afterProfileCheck(ctx, registered.check);
    return registered.answer;
  } catch (error) {
    if (error instanceof EmailTakenError) throw conflict(MESSAGES.server.emailTaken);
    throw error;
  }
}

export async function login(ctx: AppContext, input: LoginInput, client: Client): Promise<AuthResponse> {
  // A sign-in that would be turned away costs no database read: under a flood that read is what
  // takes the cores from the hashing threads.
  ctx.passwords.refuseWhenBusy(client.address);
  const user = await findUserByEmail(ctx.db, input.email);
  const ok = await ctx.passwords.verify(input.password, user?.passwordHash, client.address);
  if (!user || !ok) throw new HttpError(401, MESSAGES.server.invalidCredentials);
  // Only someone who knows the password learns that the account is suspended, until when and why.
  const restrictions = await restrictionsOf(ctx.db, user.id);
  refuseIfSuspended(restrictions);
  const token = await startSession(ctx.db, ctx.config.jwtSecret, user.id, client.userAgent);
  return { ...presentOwnProfile(user, restrictions), token };
}

export async function logout(ctx: AppContext, sessionId: string): Promise<void> {
  await endSession(ctx.db, sessionId);
  authChanged(ctx, { kind: 'session', id: sessionId });
}

/**
 * Edits the caller's profile. A new email is a new way into the account (the reset link goes there),
 * so it needs the current password, like a password change: a missing or wrong one is a 400 on that
 * field. Then, in one transaction, the caller's other sessions end and every pending reset link (sent
 * to the old address) stops working; after commit the old address is told. The schema lowercases the
 * email, so the same address differently cased is no change.
 */
export async function updateProfile(
  ctx: AppContext,
  mailer: Mailer,
  auth: Authenticated,
  input: ProfileInput,
): Promise<User> {
  const user = auth.user;
  refuseNewPictureLink(user.profilePicture, input.profilePicture);
  const emailChanges = input.email !== user.email.toLowerCase();
  if (emailChanges) await confirmCurrentPassword(ctx, user, input.currentPassword);
  let row: UserRow;
  let check: ProfileCheck | undefined;
  try {
    ({ row, check } = await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
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
      if (!updated) throw notFound(MESSAGES.server.userNotFound);
      if (emailChanges) {
        await endUserSessions(tx, user.id, auth.sessionId);
        await revokeResetLinks(tx, user.id);
      }
      const textChanged = updated.name !== user.name || updated.bio !== user.bio;
      return { row: updated, check: textChanged ? await checkProfile(tx, updated) : undefined };
    }));
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key')) throw conflict(MESSAGES.server.emailTaken);
    throw error;
  }
  authChanged(ctx, { kind: 'user', id: user.id });
  ctx.readCache.changed('users');
  if (check) await afterProfileCheck(ctx, check);
  if (emailChanges)
    mailOldAddress(ctx, mailer, { id: user.id, name: row.name, oldEmail: user.email, newEmail: row.email });
  return presentUser(row);
}

async function confirmCurrentPassword(
  ctx: AppContext,
  user: UserRow,
  currentPassword: string | undefined,
): Promise<void> {
  if (currentPassword === undefined) {
    const message = MESSAGES.account.emailChangeNeedsPassword;
    throw badRequest(message, [{ path: 'currentPassword', message }]);
  }
  if (!(await ctx.passwords.verify(currentPassword, user.passwordHash, accountParty(user)))) {
    const message = MESSAGES.account.currentPasswordWrong;
    throw badRequest(message, [{ path: 'currentPassword', message }]);
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
  await confirmCurrentPassword(ctx, auth.user, input.currentPassword);
  const passwordHash = await ctx.passwords.hash(input.newPassword, accountParty(auth.user));
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
  if (!(await ctx.passwords.verify(input.password, user.passwordHash, accountParty(user)))) {
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
