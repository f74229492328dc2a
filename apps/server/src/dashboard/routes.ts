import type { Router } from 'express';
import type { AppContext } from '../context.js';
import { apiRouter } from '../http/apiRouter.js';
import { actor } from '../http/auth.js';
import { mentorDashboard } from './service.js';

export function dashboardRoutes(ctx: AppContext): Router {
  const router = apiRouter('/dashboard');

  router.get('/mentor', async (req, res) => {
    res.json(await mentorDashboard(ctx, actor(req)));
  });

  return router;
}
