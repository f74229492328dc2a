import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { requestIdOf } from './requestId.js';

/** What each request's line says: its method and path (never the query), the status and the time taken. */
export interface RequestLogLine {
  /** Said here as well as by the logger's mixin: 'close' may fire outside the request's async context. */
  requestId: string | undefined;
  req: { method: string; url: string };
  res: { statusCode: number };
  responseTime: number;
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
        req: { method: req.method, url: req.originalUrl.split('?')[0] ?? '' },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - start),
      };
      logger.info(line, res.writableFinished ? 'request completed' : 'request aborted');
    });
    next();
  };
}
