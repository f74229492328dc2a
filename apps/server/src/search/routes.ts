import { searchQuerySchema } from '@mentora/contract';
import { Router } from 'express';
import type { AppContext } from '../context.js';
import { actor } from '../http/auth.js';
import { parseInput } from '../http/validate.js';
import { search } from './service.js';

export function searchRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const user = actor(req);
    res.json(await search(ctx, user, parseInput(searchQuerySchema, req.query)));
  });
  return router;
}
