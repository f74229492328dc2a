import { listNotificationsQuerySchema, markNotificationsReadRequestSchema } from '@mentora/contract';
import { Router } from 'express';
import type { AppContext } from '../context.js';
import { actor } from '../http/auth.js';
import { parseInput } from '../http/validate.js';
import * as notificationsService from './service.js';

export function notificationsRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    const user = actor(req);
    const query = parseInput(listNotificationsQuerySchema, req.query);
    res.set('Cache-Control', 'no-store').json(await notificationsService.listNotifications(ctx, user, query));
  });

  router.post('/read', async (req, res) => {
    const user = actor(req);
    const input = parseInput(markNotificationsReadRequestSchema, req.body);
    res.json(await notificationsService.markRead(ctx, user, input));
  });

  return router;
}
