import { MESSAGES } from '@mentora/contract';
import type { RequestHandler, Response } from 'express';
import { ipKeyGenerator, type Options, type RateLimitInfo, rateLimit, type Store } from 'express-rate-limit';
import type { Config } from '../config.js';
import { requestIdOf } from './requestId.js';

const pass: RequestHandler = (_req, _res, next) => next();

export interface RateLimiters {
  loginPerIp: RequestHandler;
  /** Wrong passwords per address and account, with a ceiling per account that never refuses a clean address. */
  loginPerAccount: RequestHandler;
  registerPerIp: RequestHandler;
  forgotPasswordPerIp: RequestHandler;
  forgotPasswordPerEmail: RequestHandler;
  /** Wrong current passwords per session and user (password change, account deletion), as loginPerAccount. */
  passwordCheckPerUser: RequestHandler;
  /** Questions to the assistant per signed-in user per minute (both chat endpoints share it). */
  assistantPerUser: RequestHandler;
  /** Reports (POST /reports) per signed-in user per hour. */
  reportsPerUser: RequestHandler;
  /** Profile picture uploads per signed-in user per hour: each one is decoded, which costs CPU and memory. */
  picturesPerUser: RequestHandler;
  /** Wrong tokens per address, on every route whose secret is a token in the request (feed, unsubscribe, reset). */
  tokenGuessesPerIp: RequestHandler;
}

/** Makes a store per limiter; #7 swaps in a Redis store so counters are shared between processes. */
export type StoreFactory = (prefix: string) => Store | undefined;

type LimitedRequest = Parameters<NonNullable<Options['keyGenerator']>>[0];

/** The client's address as every per-address limit counts it (an IPv6 address by its /56, as one client). */
export const addressKey = (req: { ip?: string | undefined }): string => ipKeyGenerator(req.ip ?? 'unknown');

/** 429 with Retry-After: when the counter `info` (of the limit that refused) starts again. */
function refuse(res: Response, info: RateLimitInfo | undefined, windowMs: number): void {
  const reset = info?.resetTime?.getTime();
  const seconds = reset ? Math.max(1, Math.ceil((reset - Date.now()) / 1000)) : Math.ceil(windowMs / 1000);
  res.set('Retry-After', String(seconds));
  res.status(429).json({ message: MESSAGES.server.tooManyRequests, requestId: requestIdOf(res) });
}

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
    handler: (req, res, _next, options) =>
      refuse(res, (req as { rateLimit?: RateLimitInfo }).rateLimit, options.windowMs),
    ...extra,
  });
}

/** The account ceiling's window: slower than the per-address limit, so it is reached late and lasts. */
const CEILING_WINDOW_MS = 3_600_000;

/**
 * Failed guesses at one secret (an account's password), bound to whoever makes them. `perSource`
 * failures from one source (an address, a session) on one subject lock that source out of that
 * subject. Past `ceiling` failures on the subject from all sources together (an attack spread over
 * many addresses), a source is refused only if it has failures of its own on that subject: a clean
 * one, the rightful owner's, still gets through, so nobody can lock someone else out. Only 4xx answers
 * count as failures: a 503 (the server too busy to compare) is not a guess.
 */
function guessLimit(
  config: Config,
  prefix: string,
  guess: {
    subject: (req: LimitedRequest) => string | undefined;
    source: (req: LimitedRequest) => string;
    perSource: number;
    ceiling: number;
  },
  makeStore?: StoreFactory,
): RequestHandler {
  const wasNotAGuess = (_req: unknown, res: Response) => res.statusCode < 400 || res.statusCode >= 500;
  const skip = (req: LimitedRequest) => guess.subject(req) === undefined;
  const own = (req: LimitedRequest) => (req as { ownGuesses?: RateLimitInfo }).ownGuesses;
  const perSource = limiter(
    config,
    `${prefix}source:`,
    guess.perSource,
    {
      requestPropertyName: 'ownGuesses',
      skipSuccessfulRequests: true,
      requestWasSuccessful: wasNotAGuess,
      keyGenerator: (req) => `${guess.source(req)}|${guess.subject(req)}`,
      skip,
      handler: (req, res, _next, options) => refuse(res, own(req), options.windowMs),
    },
    makeStore,
  );
  const ceiling = limiter(
    config,
    `${prefix}ceiling:`,
    guess.ceiling,
    {
      windowMs: Math.max(CEILING_WINDOW_MS, config.rateLimit.windowMs),
      requestPropertyName: 'allGuesses',
      // Its headers would tell anyone that the account is under attack; the source's own limit's say enough.
      standardHeaders: false,
      skipSuccessfulRequests: true,
      requestWasSuccessful: wasNotAGuess,
      keyGenerator: (req) => guess.subject(req) ?? '',
      skip,
      handler: (req, res, next, options) => {
        // `used` counts this attempt: 1 means no failure of its own before it.
        if ((own(req)?.used ?? 0) <= 1) return next();
        refuse(res, (req as { allGuesses?: RateLimitInfo }).allGuesses, options.windowMs);
      },
    },
    makeStore,
  );
  return (req, res, next) => perSource(req, res, (error?: unknown) => (error ? next(error) : ceiling(req, res, next)));
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
      reportsPerUser: pass,
      picturesPerUser: pass,
      tokenGuessesPerIp: pass,
    };
  }
  const byIp = addressKey;
  const emailOf = (req: { body?: unknown }) => (req.body as { email?: unknown } | undefined)?.email;
  return {
    loginPerIp: limiter(config, 'login-ip:', config.rateLimit.loginPerIp, { keyGenerator: byIp }, makeStore),
    // Wrong passwords per address and account, with a ceiling per account (guessLimit).
    loginPerAccount: guessLimit(
      config,
      'login-guesses:',
      {
        subject: (req) => {
          const email = emailOf(req);
          return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : undefined;
        },
        source: byIp,
        perSource: config.rateLimit.loginPerAccount,
        ceiling: config.rateLimit.loginAccountCeiling,
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
    // A stolen session must not become a way round the sign-in limit to guess the password, nor a way
    // to lock the owner out of changing it: bound to the session, with the account's ceiling.
    passwordCheckPerUser: guessLimit(
      config,
      'password-check:',
      {
        subject: (req) => req.auth?.user.id,
        source: (req) => req.auth?.sessionId ?? '',
        perSource: config.rateLimit.loginPerAccount,
        ceiling: config.rateLimit.loginAccountCeiling,
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
    // A calendar feed's, an unsubscribe link's or a reset link's token is the whole credential: wrong ones
    // count per address, across the three routes (one limiter, one counter), as wrong passwords do at
    // sign-in; a token that works is not a guess, so calendar apps polling their feed never use it up.
    tokenGuessesPerIp: limiter(
      config,
      'token-guesses:',
      config.rateLimit.tokenGuessesPerIp,
      {
        keyGenerator: byIp,
        skipSuccessfulRequests: true,
        requestWasSuccessful: (_req, res) => res.statusCode < 400 || res.statusCode >= 500,
      },
      makeStore,
    ),
    // Keyed by the user: reports are signed in, and an address may be shared by many people.
    reportsPerUser: limiter(
      config,
      'reports-user:',
      config.rateLimit.reportsPerUserPerHour,
      {
        windowMs: 3_600_000,
        keyGenerator: (req) => req.auth?.user.id ?? '',
        skip: (req) => req.auth === undefined,
      },
      makeStore,
    ),
    picturesPerUser: limiter(
      config,
      'pictures-user:',
      config.rateLimit.picturesPerUserPerHour,
      {
        windowMs: 3_600_000,
        keyGenerator: (req) => req.auth?.user.id ?? '',
        skip: (req) => req.auth === undefined,
      },
      makeStore,
    ),
  };
}
