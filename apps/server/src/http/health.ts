import { MESSAGES } from '@mentora/contract';
import type { RequestHandler } from 'express';
import type { AppContext } from '../context.js';
import { SERVER_VERSION } from '../version.js';
import { requestIdOf } from './requestId.js';

const PING_TIMEOUT_MS = 2_000;

/**
 * Readiness: 200 once the database answers, 503 otherwise (load balancers take the process out of
 * rotation). Either way it says which version of the server answers.
 */
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
      res.set('Cache-Control', 'no-store').json({ status: 'ok', version: SERVER_VERSION });
    } catch {
      res
        .status(503)
        .set('Retry-After', '5')
        .json({
          status: 'unavailable',
          version: SERVER_VERSION,
          message: MESSAGES.server.unavailable,
          requestId: requestIdOf(res),
        });
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * Liveness: 200 while the process can answer at all, whatever the database says. An orchestrator
 * restarts a process that fails this; one that fails only readiness is kept, out of rotation, until
 * its database is back (restarting it would not bring the database back).
 */
export const livenessHandler: RequestHandler = (_req, res) => {
  res.set('Cache-Control', 'no-store').json({ status: 'ok' });
};
