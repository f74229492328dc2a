import { MESSAGES } from '@mentora/contract';
import type { Request, RequestHandler, Response } from 'express';
import { type Authenticated, resolveToken } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { unauthorized } from './errors.js';

declare global {
  namespace Express {
    interface Request {
      auth?: Authenticated;
      /** True when the request carried a token that is not (or no longer) valid. */
      authRejected?: boolean;
    }
  }
}

export const TOKEN_COOKIE = 'token';

export function tokenFrom(req: Request): string | undefined {
  const header = req.get('authorization');
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (match?.[1]) return match[1];
  }
  const cookie = (req.cookies as Record<string, unknown> | undefined)?.[TOKEN_COOKIE];
  return typeof cookie === 'string' && cookie !== '' ? cookie : undefined;
}

/** Attaches req.auth when the request carries a valid token (cookie or bearer); never rejects. */
export function authenticate(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const token = tokenFrom(req);
    if (!token) return next();
    const auth = await resolveToken(ctx.db, ctx.config.jwtSecret, token, ctx.config.sessionIdleMs, ctx.sessionCache);
    if (auth) req.auth = auth;
    else req.authRejected = true;
    next();
  };
}

/** The signed-in user, or a 401 that says whether the token was missing or has ended. */
export function actor(req: Request): UserRow {
  if (req.auth) return req.auth.user;
  throw unauthorized(req.authRejected ? MESSAGES.server.invalidToken : MESSAGES.server.notSignedIn);
}

/** The cookie lives as long as an unused session may (SESSION_IDLE_DAYS): it never outlives or undercuts it. */
export function setTokenCookie(req: Request, res: Response, token: string, maxAgeMs: number): void {
  res.cookie(TOKEN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: '/',
    maxAge: maxAgeMs,
  });
}

export function clearTokenCookie(req: Request, res: Response): void {
  res.clearCookie(TOKEN_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
}
