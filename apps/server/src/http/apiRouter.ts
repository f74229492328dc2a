import { API_ROUTES, type ApiRoute, callName, type HttpMethod } from '@mentora/contract/api';
import { type RequestHandler, Router } from 'express';
import { refuseIfSilenced } from '../sanctions/policy.js';

// The contract's route table (packages/contract/src/api.ts) is where a call's rules are declared; this
// is where the server holds each route to its row. An area's routes are registered under their full
// path, so the row is found by the same "METHOD /api/path" the table names, and mounted at /api.

const ROWS = new Map(API_ROUTES.map((row) => [callName(row), row]));

/** A silenced caller may not publish (sanctions/policy.ts); signed-out callers pass, to get their 401. */
const refuseSilencedCaller: RequestHandler = (req, _res, next) => {
  if (req.auth) refuseIfSilenced(req.auth);
  next();
};

/** What the row asks of every request, checked on the route Express matched, before its handlers. */
function rulesOf(row: ApiRoute): RequestHandler[] {
  return row.publishes ? [refuseSilencedCaller] : [];
}

const METHODS: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * An Express router for the calls under `prefix` (e.g. '/community'): `router.post('/:id/replies', …)`
 * registers POST /community/:id/replies with the rules of its row in API_ROUTES in front of the
 * handlers. A route without a row stops the server at start, so every call the server answers is one
 * the contract documents and classifies. Mount it with `use` and no path (routes.ts).
 *
 * The rules hang on the route, not on the path a request spelled: whatever Express accepts as this
 * route (`/community//`, `/COMMUNITY`, a trailing slash) meets them.
 */
export function apiRouter(prefix: string): Router {
  const router = Router();
  for (const method of METHODS) {
    const register = router[method].bind(router) as (path: string, ...handlers: RequestHandler[]) => Router;
    const registerWithRules = (path: string, ...handlers: RequestHandler[]) => {
      const fullPath = path === '/' ? prefix : `${prefix}${path}`;
      const name = callName({ method, path: fullPath });
      const row = ROWS.get(name);
      if (!row) throw new Error(`${name} is not in the contract's API_ROUTES (packages/contract/src/api.ts)`);
      return register(fullPath, ...rulesOf(row), ...handlers);
    };
    router[method] = registerWithRules as Router[typeof method];
  }
  return router;
}
