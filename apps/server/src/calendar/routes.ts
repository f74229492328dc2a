import type { Router } from 'express';
import type { AppContext } from '../context.js';
import { apiRouter } from '../http/apiRouter.js';
import { actor } from '../http/auth.js';
import type { RateLimiters } from '../http/rateLimit.js';
import { feedCalendar, feedOf, resetFeed } from './feed.js';

export function calendarRoutes(ctx: AppContext, limits: RateLimiters): Router {
  const router = apiRouter('/calendar');

  router.get('/feed', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await feedOf(ctx, actor(req)));
  });

  router.post('/feed/reset', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await resetFeed(ctx, actor(req)));
  });

  // Calendar apps fetch this without any session: the token in the path is the credential.
  router.get('/:token.ics', limits.tokenGuessesPerIp, async (req, res) => {
    const body = await feedCalendar(ctx, String(req.params.token));
    res.set('Cache-Control', 'private, no-cache');
    res.type('text/calendar; charset=utf-8');
    res.send(body);
  });

  return router;
}
