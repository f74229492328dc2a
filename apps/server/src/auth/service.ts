import {
  type AuthResponse,
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
import { conflict, HttpError, isUniqueViolation, notFound } from '../http/errors.js';
import { EmailTakenError, findUserByEmail, insertAccount } from '../users/accounts.js';
import { presentUser } from '../users/presenter.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { endSession, startSession } from './sessions.js';

type RegisterInput = z.output<typeof registerRequestSchema>;
type LoginInput = z.output<typeof loginRequestSchema>;
type ProfileInput = z.output<typeof updateProfileRequestSchema>;

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
    return presentUser(row);
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key')) throw conflict(MESSAGES.server.emailTaken);
    throw error;
  }
}
