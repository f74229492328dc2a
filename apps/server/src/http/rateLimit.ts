import { MESSAGES } from '@mentora/contract';
import type { RequestHandler } from 'express';
import { ipKeyGenerator, type Options, type RateLimitInfo, rateLimit, type Store } from 'express-rate-limit';
import type { Config } from '../config.js';
import { requestIdOf } from './requestId.js';

const pass: RequestHandler = (_req, _res, next) => next();

export interface RateLimiters {
  loginPerIp: RequestHandler;
  loginPerAccount: RequestHandler;
  registerPerIp: RequestHandler;
  forgotPasswordPerIp: RequestHandler;
  forgotPasswordPerEmail: RequestHandler;
  /** Wrong current passwords per signed-in user (password change, account deletion). */
  passwordCheckPerUser: RequestHandler;
  /** Questions to the assistant per signed-in user per minute (both chat endpoints share it). */
  assistantPerUser: RequestHandler;
}

/** Makes a store per limiter; #7 swaps in a Redis store so counters are shared between processes. */
export type StoreFactory = (prefix: string) => Store | undefined;

function limiter(
  config: Config,
  prefix: string,
  limit: number,
  extra: Partial<Options>,
  makeStore?: StoreFactory,
): RequestHandler {
  const store = makeStore?.(prefix);
  return rateLimit({
    windowMs: config.rateLimit.windowMs,
    limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    ...(store ? { store } : {}),
    handler: (req, res, _next, options) => {
      const reset = (req as { rateLimit?: RateLimitInfo }).rateLimit?.resetTime?.getTime();
      const seconds = reset ? Math.max(1, Math.ceil((reset - Date.now()) / 1000)) : Math.ceil(options.windowMs / 1000);
      res.set('Retry-After', String(seconds));
      res.status(429).json({ message: MESSAGES.server.tooManyRequests, requestId: requestIdOf(res) });
    },
    ...extra,
  });
}

export function createRateLimiters(config: Config, makeStore?: StoreFactory): RateLimiters {
  if (!config.rateLimit.enabled) {
    return {
      loginPerIp: pass,
      loginPerAccount: pass,
      registerPerIp: pass,
      forgotPasswordPerIp: pass,
      forgotPasswordPerEmail: pass,
      passwordCheckPerUser: pass,
      assistantPerUser: pass,
    };
  }
  const byIp = (req: Parameters<NonNullable<Options['keyGenerator']>>[0]) => ipKeyGenerator(req.ip ?? 'unknown');
  const emailOf = (req: { body?: unknown }) => (req.body as { email?: unknown } | undefined)?.email;
  return {
    loginPerIp: limiter(config, 'login-ip:', config.rateLimit.loginPerIp, { keyGenerator: byIp }, makeStore),
    // Failed attempts per account, whatever address they come from: stops a spread-out guessing attack.
    loginPerAccount: limiter(
      config,
      'login-account:',
      config.rateLimit.loginPerAccount,
      {
        skipSuccessfulRequests: true,
        keyGenerator: (req) => {
          const email = (req.body as { email?: unknown } | undefined)?.email;
          return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : '';
        },
        skip: (req) => typeof (req.body as { email?: unknown } | undefined)?.email !== 'string',
      },
      makeStore,
    ),
    registerPerIp: limiter(config, 'register-ip:', config.rateLimit.registerPerIp, { keyGenerator: byIp }, makeStore),
    forgotPasswordPerIp: limiter(
      config,
      'forgot-ip:',
      config.rateLimit.forgotPasswordPerIp,
      { keyGenerator: byIp },
      makeStore,
    ),
    // Every request counts, known email or not (the answer must not tell them apart): no mail flood to one inbox.
    forgotPasswordPerEmail: limiter(
      config,
      'forgot-email:',
      config.rateLimit.forgotPasswordPerEmail,
      {
        keyGenerator: (req) => String(emailOf(req)).trim().toLowerCase().slice(0, 254),
        skip: (req) => typeof emailOf(req) !== 'string',
      },
      makeStore,
    ),
    // A stolen session must not become a way round the sign-in limit to guess the password.
    passwordCheckPerUser: limiter(
      config,
      'password-check:',
      config.rateLimit.loginPerAccount,
      {
        skipSuccessfulRequests: true,
        keyGenerator: (req) => req.auth?.user.id ?? '',
        skip: (req) => req.auth === undefined,
      },
      makeStore,
    ),
    // Keyed by the user, not the address: each question may cost a paid model call.
    assistantPerUser: limiter(
      config,
      'assistant-user:',
      config.rateLimit.assistantPerUserPerMinute,
      {
        windowMs: 60_000,
        keyGenerator: (req) => req.auth?.user.id ?? '',
        skip: (req) => req.auth === undefined,
      },
      makeStore,
    ),
  };
}
