import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { requestIdOf } from './requestId.js';

/** What each request's line says: its method and path (never the query, nor a secret: loggablePath), the status and the time taken. */
export interface RequestLogLine {
  /** Said here as well as by the logger's mixin: 'close' may fire outside the request's async context. */
  requestId: string | undefined;
  req: { method: string; url: string };
  res: { statusCode: number };
  responseTime: number;
}

/**
 * Paths whose last part is a secret: a calendar feed's token (its whole credential, fetched without a
 * session), and an unsubscribe or reset token should one come in a path rather than the query (which is
 * never logged). Express routes paths in any case and with a trailing slash, so these match so too.
 */
export const SECRET_PATH_PATTERNS = {
  calendarFeed: /^(\/api\/calendar\/)[^/]+(\.ics\/?)$/i,
  unsubscribe: /^(\/(?:api\/notifications\/)?unsubscribe\/)[^/].*$/i,
  reset: /^(\/(?:api\/auth\/)?reset-password\/)[^/].*$/i,
} as const;

/** A path as the log may keep it: a secret part (SECRET_PATH_PATTERNS) is written as `[redacted]`. */
export function loggablePath(path: string): string {
  for (const pattern of Object.values(SECRET_PATH_PATTERNS)) {
    // The tail (".ics") is the second group where a pattern has one; else the argument is the match's offset.
    if (pattern.test(path)) {
      return path.replace(
        pattern,
        (_all, head: string, tail: unknown) => `${head}[redacted]${typeof tail === 'string' ? tail : ''}`,
      );
    }
  }
  return path;
}

/**
 * One info line per request once its answer has gone (or the client went away), as pino-http wrote
 * them, with the same fields. Written here rather than with pino-http: that library makes a child
 * logger for every request, serializing (and redacting) its bindings, even when the level logs
 * nothing, a large share of a cheap request's CPU. Below info this costs one check.
 * Health checks (readiness and liveness) are not logged (a load balancer asks every few seconds).
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (!logger.isLevelEnabled('info') || req.url === '/api/health' || req.url === '/api/health/live') {
      next();
      return;
    }
    const start = performance.now();
    res.once('close', () => {
      const line: RequestLogLine = {
        requestId: requestIdOf(res),
        req: { method: req.method, url: loggablePath(req.originalUrl.split('?')[0] ?? '') },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - start),
      };
      logger.info(line, res.writableFinished ? 'request completed' : 'request aborted');
    });
    next();
  };
}
