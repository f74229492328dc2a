import type { RequestHandler } from 'express';
import { isSilencedWrite, refuseIfSilenced } from './policy.js';

/**
 * Refuses a silenced caller every call of SILENCED_WRITES, in one place before any route (app.ts mounts
 * it after the session is read). Signed-out callers pass on, to get their 401 from the route.
 */
export function refuseSilencedWrites(): RequestHandler {
  return (req, _res, next) => {
    if (req.auth && isSilencedWrite(req.method, req.path)) refuseIfSilenced(req.auth);
    next();
  };
}
