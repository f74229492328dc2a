import { MESSAGES } from '@mentora/contract';
import type { RequestHandler } from 'express';
import type { AppContext } from '../context.js';

const PING_TIMEOUT_MS = 2_000;

/** 200 once the database answers, 503 otherwise (load balancers take the process out of rotation). */
export function healthHandler(ctx: AppContext): RequestHandler {
  return async (_req, res) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        ctx.database.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('ping timeout')), PING_TIMEOUT_MS);
        }),
      ]);
      res.set('Cache-Control', 'no-store').json({ status: 'ok' });
    } catch {
      res.status(503).set('Retry-After', '5').json({ status: 'unavailable', message: MESSAGES.server.unavailable });
    } finally {
      clearTimeout(timer);
    }
  };
}
