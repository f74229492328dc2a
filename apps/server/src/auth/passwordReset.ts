import { createHash, randomBytes } from 'node:crypto';
import { MESSAGES, type resetPasswordRequestSchema } from '@mentora/contract';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import { passwordResets, users } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import { findUserByEmail } from '../users/accounts.js';
import { authChanged } from './authChanges.js';
import { endUserSessions } from './sessions.js';

type ResetInput = z.output<typeof resetPasswordRequestSchema>;

export const RESET_TOKEN_TTL_MS = 3600 * 1000;

/**
 * Only the SHA-256 of a reset token is stored: someone who reads the database (a backup, a leaked
 * dump) cannot use a pending link. A plain hash is enough for 256 random bits; bcrypt is for
 * guessable secrets.
 */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function resetMail(name: string, link: string): { subject: string; text: string } {
  return {
    subject: 'Reset your Mentora password',
    text: [
      `Hello ${name},`,
      '',
      'Someone, hopefully you, asked to reset the password of your Mentora account.',
      'Open this link within one hour to choose a new password:',
      '',
      link,
      '',
      'The link works once. If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * Forgot password: for a registered email, a one-time link valid for an hour, sent by mail. An
 * unknown email does nothing, and the caller cannot tell the two apart (the route answers the same
 * before this runs). A mail that cannot be sent is logged, never reported to the caller.
 */
export async function requestPasswordReset(ctx: AppContext, mailer: Mailer, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    // Old links of this user that ran out are of no use to anyone.
    await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), lt(passwordResets.expiresAt, sql`now()`)));
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashResetToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
  });
  const link = `${ctx.config.publicUrl}/reset-password?token=${token}`;
  const mail = resetMail(user.name, link);
  try {
    await mailer.send({ to: user.email, subject: mail.subject, text: mail.text });
  } catch (error) {
    ctx.logger.error({ err: error, userId: user.id }, 'the password reset mail could not be sent');
  }
}

/** Marks every reset link of a user still pending as used: a changed password makes them moot. */
export async function revokeResetLinks(db: Queryable, userId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/**
 * Completes a reset: the token must be known, unexpired and unused. Claiming it is one conditional
 * UPDATE, so of two requests racing with the same token exactly one gets the row back (PostgreSQL
 * re-checks the WHERE after the first commits); the new password, the other links and the ended
 * sessions go in the same transaction.
 */
/** `address`: the client's, whose share of the hashing queue the new password's hash takes (passwords.ts). */
export async function resetPassword(ctx: AppContext, input: ResetInput, address: string): Promise<void> {
  const tokenHash = hashResetToken(input.token);
  const usable = and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
  );
  // A cheap look first, so that a stream of made-up tokens costs no bcrypt work.
  const [pending] = await ctx.db.select({ id: passwordResets.id }).from(passwordResets).where(usable).limit(1);
  if (!pending) throw badRequest(MESSAGES.account.resetLinkInvalid);
  const passwordHash = await ctx.passwords.hash(input.password, address);
  const userId = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(usable)
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw badRequest(MESSAGES.account.resetLinkInvalid);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, claimed.userId));
    await revokeResetLinks(tx, claimed.userId);
    // Whoever knew the old password (the reason for many resets) is signed out everywhere.
    await endUserSessions(tx, claimed.userId);
    return claimed.userId;
  });
  authChanged(ctx, { kind: 'user', id: userId });
}
