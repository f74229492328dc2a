import { MESSAGES } from '@mentora/contract';
import type { Request, RequestHandler } from 'express';
import type { Config } from '../config.js';
import { TOKEN_COOKIE } from './auth.js';
import { forbidden } from './errors.js';

// Cross-site request forgery. A browser attaches the session cookie to requests that another site
// makes it send (a form posted from evil.example, a fetch in no-cors mode), so a state-changing
// request authenticated by that cookie must prove it comes from the app's own pages. Browsers send
// Origin with every POST, PUT, PATCH and DELETE (same-origin ones too) and a page cannot forge it;
// Referer stands in when a privacy setting drops Origin. A bearer token is never sent by the browser
// on its own, so requests carrying one (the desktop app, scripts) need no such proof.

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The scheme, host and port of a URL as a browser writes it in Origin, or undefined when it is none. */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.origin !== 'null') return url.origin;
    // URL gives custom schemes such as the desktop app's app://mentora an opaque origin; a browser
    // still sends them with their host. Truly opaque ones (file:, data:, sandboxed frames: "null") name no site.
    return url.host ? `${url.protocol}//${url.host}` : undefined;
  } catch {
    return undefined;
  }
}

/** Where the request says it comes from: Origin, else the origin of Referer; undefined when neither. */
function claimedOrigin(req: Request): string | null | undefined {
  const origin = req.get('origin');
  if (origin !== undefined) return originOf(origin) ?? null;
  const referer = req.get('referer');
  if (referer !== undefined) return originOf(referer) ?? null;
  return undefined;
}

function hasSessionCookie(req: Request): boolean {
  const cookie = (req.cookies as Record<string, unknown> | undefined)?.[TOKEN_COOKIE];
  return typeof cookie === 'string' && cookie !== '';
}

function hasBearerToken(req: Request): boolean {
  return /^Bearer\s+\S+$/i.test(req.get('authorization') ?? '');
}

type OriginConfig = Pick<Config, 'publicUrl' | 'corsOrigins'>;

/**
 * Whether an origin is one of ours: the server's own (PUBLIC_URL or the Host it was reached at), the
 * CORS origins and the desktop app's.
 */
function allowedOrigins(config: OriginConfig): (origin: string, req: Request) => boolean {
  const configured = new Set([config.publicUrl, ...config.corsOrigins].map((o) => originOf(o) ?? o));
  return (origin, req) => configured.has(origin) || origin === originOf(`${req.protocol}://${req.get('host') ?? ''}`);
}

/**
 * Refuses (403) a state-changing API request authenticated by the session cookie unless it comes from
 * an allowed origin. Mounted under /api after the cookie parser, before authentication; the calls
 * that sign someone in are answered before it (signInOrigin).
 */
export function csrfProtection(config: OriginConfig): RequestHandler {
  const allowed = allowedOrigins(config);
  return (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method) || hasBearerToken(req) || !hasSessionCookie(req)) return next();
    const claimed = claimedOrigin(req);
    if (claimed === undefined) return next(forbidden(MESSAGES.server.originRequired));
    if (claimed === null || !allowed(claimed, req)) return next(forbidden(MESSAGES.server.crossSiteRefused));
    next();
  };
}

/**
 * The origin check of the calls that sign someone in or need no session (login, register, password
 * reset), put on those routes themselves so that it holds however Express matched the path (case,
 * trailing slash). They never read the cookie, so a stale one must not stop them, and they are
 * answered before csrfProtection; but login and register set the cookie, and a foreign page posting
 * them would sign the victim's browser into the attacker's account (login CSRF). So an Origin, when a
 * browser sends one, must be ours; a request with neither Origin nor Referer (curl, scripts) goes on.
 */
export function signInOrigin(config: OriginConfig): RequestHandler {
  const allowed = allowedOrigins(config);
  return (req, _res, next) => {
    if (hasBearerToken(req)) return next();
    const claimed = claimedOrigin(req);
    if (claimed === undefined || (claimed !== null && allowed(claimed, req))) return next();
    next(forbidden(MESSAGES.server.crossSiteRefused));
  };
}
