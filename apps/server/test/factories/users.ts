import { randomBytes } from 'node:crypto';
import type { Role } from '@mentora/contract';
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { startSession } from '../../src/auth/sessions.js';
import { feedOf } from '../../src/calendar/feed.js';
import { type UserRow, users } from '../../src/db/schema.js';
import { insertAccount } from '../../src/users/accounts.js';
import type { TestServer } from '../harness.js';
import { makePost } from './community.js';

export const DEFAULT_PASSWORD = 'correct horse battery';
const DEFAULT_HASH = bcrypt.hashSync(DEFAULT_PASSWORD, 4);

export interface TestUser {
  user: UserRow;
  token: string;
  /** Headers for supertest's .set(): the bearer token. */
  auth: { Authorization: string };
  password: string;
}

let counter = 0;

export interface UserOptions {
  role?: Role;
  verified?: boolean;
  name?: string;
  email?: string;
}

/** A user with a live session, in one line. */
export async function makeUser(t: TestServer, options: UserOptions = {}): Promise<TestUser> {
  counter += 1;
  const role = options.role ?? 'learner';
  const user = await insertAccount(t.ctx.db, {
    name: options.name ?? `Test ${role} ${counter}`,
    email: options.email ?? `${role}${counter}-${randomBytes(3).toString('hex')}@example.test`,
    passwordHash: DEFAULT_HASH,
    role,
    verified: options.verified ?? false,
  });
  const token = await startSession(t.ctx.db, t.ctx.config.jwtSecret, user.id);
  return { user, token, auth: { Authorization: `Bearer ${token}` }, password: DEFAULT_PASSWORD };
}

export const makeLearner = (t: TestServer, o: Omit<UserOptions, 'role'> = {}) => makeUser(t, { ...o, role: 'learner' });
export const makeMentor = (t: TestServer, o: Omit<UserOptions, 'role'> = {}) => makeUser(t, { ...o, role: 'mentor' });
export const makeVerifiedMentor = (t: TestServer, o: Omit<UserOptions, 'role' | 'verified'> = {}) =>
  makeUser(t, { ...o, role: 'mentor', verified: true });
export const makeBoth = (t: TestServer, o: Omit<UserOptions, 'role'> = {}) => makeUser(t, { ...o, role: 'both' });
export const makeAdmin = (t: TestServer, o: Omit<UserOptions, 'role'> = {}) =>
  makeUser(t, { ...o, role: 'admin', verified: true });

/** The token of a user's calendar feed (made on first ask), as its URL carries it. */
export async function feedToken(t: TestServer, who: TestUser): Promise<string> {
  const { url } = await feedOf(t.ctx, who.user);
  return url.slice(url.lastIndexOf('/') + 1, -'.ics'.length);
}

/**
 * Gives a user the standing whose reports count toward hiding (moderation/policy.ts hasStanding): an
 * account older than MODERATION_REPORTER_MIN_AGE_DAYS and MODERATION_REPORTER_MIN_ACTIVITY posts of theirs.
 * Fresh accounts' reports are queued only, so a test that means reports to hide something uses this.
 */
export async function giveStanding(t: TestServer, who: TestUser): Promise<TestUser> {
  const { reporterMinAgeMs, reporterMinActivity } = t.ctx.config.moderation;
  const createdAt = new Date(Date.now() - reporterMinAgeMs - 86_400_000);
  const [user] = await t.ctx.db.update(users).set({ createdAt }).where(eq(users.id, who.user.id)).returning();
  for (let i = 0; i < reporterMinActivity; i += 1) {
    await makePost(t, who, { title: `Standing ${i + 1}`, content: 'A plain post that makes an account active.' });
  }
  who.user = user ?? who.user;
  return who;
}
