import {
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  MESSAGES,
  registerRequestSchema,
  resetPasswordRequestSchema,
  updateProfileRequestSchema,
} from '@mentora/contract';
import type { Request, RequestHandler, Router } from 'express';
import type { AppContext } from '../context.js';
import { apiRouter } from '../http/apiRouter.js';
import { actor, clearTokenCookie, setTokenCookie } from '../http/auth.js';
import { clientGone } from '../http/clientGone.js';
import { signInOrigin } from '../http/csrf.js';
import { addressKey, type RateLimiters } from '../http/rateLimit.js';
import { jsonBody, parseInput } from '../http/validate.js';
import { createMailer } from '../mail/mailer.js';
import * as avatars from '../users/avatars.js';
import { presentOwnProfile } from '../users/presenter.js';
import { requestPasswordReset, resetPassword } from './passwordReset.js';
import * as auth from './service.js';
import type { Authenticated } from './sessions.js';

/** Logged (debug) once a forgot-password request's work after its answer is done, known email or not. */
export const RESET_REQUEST_HANDLED = 'a password reset request was handled';

/** The signed-in user and their session, or the same 401 as actor(). */
function signedIn(req: Request): Authenticated {
  actor(req);
  return req.auth as Authenticated;
}

/** Who is calling: the address their share of the password queue is counted by, and their user agent. */
const clientOf = (req: Request): auth.Client => ({ address: addressKey(req), userAgent: req.get('user-agent') });

/**
 * The calls that sign someone in or need no session. Mounted before the session cookie's CSRF check
 * and the JSON body parser (app.ts): each route checks the Origin itself (signInOrigin), then reads
 * its body, so the check holds for every spelling of the path that Express routes here.
 */
export function signInRoutes(ctx: AppContext, limits: RateLimiters): Router {
  const router = apiRouter('/auth');
  const mailer = createMailer(ctx.config, ctx.logger);
  const signingIn: RequestHandler[] = [signInOrigin(ctx.config), jsonBody()];

  router.post('/register', ...signingIn, limits.registerPerIp, async (req, res) => {
    const input = parseInput(registerRequestSchema, req.body);
    const result = await auth.register(ctx, input, clientOf(req));
    setTokenCookie(req, res, result.token, ctx.config.sessionIdleMs);
    res.status(201).json(result);
  });

  router.post('/login', ...signingIn, limits.loginPerIp, limits.loginPerAccount, async (req, res) => {
    const input = parseInput(loginRequestSchema, req.body);
    const result = await auth.login(ctx, input, clientOf(req));
    setTokenCookie(req, res, result.token, ctx.config.sessionIdleMs);
    res.json(result);
  });

  router.post(
    '/forgot-password',
    ...signingIn,
    limits.forgotPasswordPerIp,
    limits.forgotPasswordPerEmail,
    async (req, res) => {
      const input = parseInput(forgotPasswordRequestSchema, req.body);
      // Answer first, then do the work: the answer, and how long it takes, must not tell whether an
      // account has this email, and a slow or failing mail server must not change either.
      res.json({ message: MESSAGES.account.resetLinkSent });
      await requestPasswordReset(ctx, mailer, input.email).catch((error: unknown) => {
        ctx.logger.error({ err: error }, 'a password reset request failed');
      });
      // The same line whether the email has an account or not: it says only that the work is over.
      ctx.logger.debug(RESET_REQUEST_HANDLED);
    },
  );

  router.post('/reset-password', ...signingIn, limits.tokenGuessesPerIp, async (req, res) => {
    const input = parseInput(resetPasswordRequestSchema, req.body);
    await resetPassword(ctx, input, addressKey(req));
    res.json({ message: MESSAGES.account.passwordReset });
  });

  return router;
}

export function authRoutes(ctx: AppContext, limits: RateLimiters): Router {
  const router = apiRouter('/auth');
  // Tells the old address when the email changes.
  const mailer = createMailer(ctx.config, ctx.logger);

  router.post('/logout', async (req, res) => {
    actor(req);
    if (req.auth) await auth.logout(ctx, req.auth.sessionId);
    clearTokenCookie(req, res);
    res.json({ message: MESSAGES.server.loggedOut });
  });

  router.get('/profile', (req, res) => {
    const session = signedIn(req);
    res.json(presentOwnProfile(session.user, session.restrictions));
  });

  // Only a request that tries a password counts towards the password-check limit: renaming yourself
  // must not use up the tries of a password change.
  const whenPasswordTried: RequestHandler = (req, res, next) => {
    const body = req.body as { currentPassword?: unknown } | undefined;
    if (typeof body?.currentPassword === 'string') limits.passwordCheckPerUser(req, res, next);
    else next();
  };

  router.put('/profile', whenPasswordTried, async (req, res) => {
    const session = signedIn(req);
    const input = parseInput(updateProfileRequestSchema, req.body);
    res.json(await auth.updateProfile(ctx, mailer, session, input));
  });

  // Multipart, read as a stream (storage/upload.ts): no body parser has touched it.
  router.put('/profile/picture', limits.picturesPerUser, async (req, res) => {
    res.json(await avatars.uploadAvatar(ctx, actor(req), req, clientGone(res)));
  });

  router.delete('/profile/picture', async (req, res) => {
    res.json(await avatars.removeAvatar(ctx, actor(req)));
  });

  router.post('/logout-all', async (req, res) => {
    const user = actor(req);
    await auth.logoutEverywhere(ctx, user.id);
    clearTokenCookie(req, res);
    res.json({ message: MESSAGES.account.loggedOutEverywhere });
  });

  router.put('/password', limits.passwordCheckPerUser, async (req, res) => {
    const session = signedIn(req);
    const input = parseInput(changePasswordRequestSchema, req.body);
    await auth.changePassword(ctx, session, input);
    res.json({ message: MESSAGES.account.passwordChanged });
  });

  router.delete('/account', limits.passwordCheckPerUser, async (req, res) => {
    const user = actor(req);
    const input = parseInput(deleteAccountRequestSchema, req.body);
    await auth.deleteOwnAccount(ctx, user, input);
    clearTokenCookie(req, res);
    res.json({ message: MESSAGES.account.accountDeleted });
  });

  return router;
}
