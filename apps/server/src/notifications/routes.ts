import {
  listNotificationsQuerySchema,
  markNotificationsReadRequestSchema,
  unsubscribeRequestSchema,
  updateNotificationPreferencesRequestSchema,
} from '@mentora/contract';

import type { Router } from 'express';
import type { AppContext } from '../context.js';
import { apiRouter } from '../http/apiRouter.js';
import { actor } from '../http/auth.js';
import type { RateLimiters } from '../http/rateLimit.js';
import { parseInput } from '../http/validate.js';
import { preferencesOf, updatePreferences } from './preferences.js';
import * as notificationsService from './service.js';
import { unsubscribe } from './unsubscribe.js';

export function notificationsRoutes(ctx: AppContext): Router {
  const router = apiRouter('/notifications');

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

  router.get('/preferences', async (req, res) => {
    const user = actor(req);
    res.set('Cache-Control', 'no-store').json(await preferencesOf(ctx, user.id));
  });

  router.put('/preferences', async (req, res) => {
    const user = actor(req);
    const input = parseInput(updateNotificationPreferencesRequestSchema, req.body);
    res.json(await updatePreferences(ctx, user, input));
  });

  return router;
}

/**
 * POST /api/notifications/unsubscribe, open to anyone holding an email's signed link: mail clients post
 * here by themselves (RFC 8058, the token in the query, a form body we do not need), and the web app's
 * unsubscribe page posts the token as JSON.
 */
export function unsubscribeRoutes(ctx: AppContext, limits: RateLimiters): Router {
  const router = apiRouter('/notifications/unsubscribe');
  router.post('/', limits.tokenGuessesPerIp, async (req, res) => {
    const fromBody = typeof req.body === 'object' && req.body !== null && 'token' in req.body ? req.body : undefined;
    const { token } = parseInput(unsubscribeRequestSchema, fromBody ?? req.query);
    res.json(await unsubscribe(ctx, token));
  });
  return router;
}
