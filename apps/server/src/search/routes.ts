import { searchQuerySchema } from '@mentora/contract';

import type { Router } from 'express';
import type { AppContext } from '../context.js';
import { apiRouter } from '../http/apiRouter.js';
import { actor } from '../http/auth.js';
import { parseInput } from '../http/validate.js';
import { search } from './service.js';

export function searchRoutes(ctx: AppContext): Router {
  const router = apiRouter('/search');
  router.get('/', async (req, res) => {
    const user = actor(req);
    res.json(await search(ctx, user, parseInput(searchQuerySchema, req.query)));
  });
  return router;
}
