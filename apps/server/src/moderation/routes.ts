import {
  createReportRequestSchema,
  MESSAGES,
  moderationQueueQuerySchema,
  resolveModerationRequestSchema,
} from '@mentora/contract';

import type { Router } from 'express';
import type { AppContext } from '../context.js';
import { apiRouter } from '../http/apiRouter.js';
import { actor } from '../http/auth.js';
import type { RateLimiters } from '../http/rateLimit.js';
import { parseId, parseInput } from '../http/validate.js';
import { listQueue } from './queue.js';
import { reportItem } from './reportCommand.js';
import { resolveEntry } from './resolveEntry.js';
import { queueStats } from './stats.js';

/** POST /api/reports: anyone signed in reports what someone else wrote. */
export function reportRoutes(ctx: AppContext, limits: RateLimiters): Router {
  const router = apiRouter('/reports');
  router.post('/', limits.reportsPerUser, async (req, res) => {
    const user = actor(req);
    const input = parseInput(createReportRequestSchema, req.body);
    const targetId = parseId(input.targetId, MESSAGES.moderation.targetNotFound);
    const { report, created, hidden } = await reportItem(ctx, user, input, targetId);
    res.status(created ? 201 : 200).json({ report, hidden });
  });
  return router;
}

/** /api/moderation: the review queue, for admins (the service checks). */
export function moderationRoutes(ctx: AppContext): Router {
  const router = apiRouter('/moderation');
  router.get('/queue', async (req, res) => {
    const user = actor(req);
    const query = parseInput(moderationQueueQuerySchema, req.query);
    res.set('Cache-Control', 'no-store').json(await listQueue(ctx, user, query));
  });
  router.get('/stats', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await queueStats(ctx, actor(req)));
  });
  router.post('/queue/:id/resolve', async (req, res) => {
    const user = actor(req);
    const id = parseId(req.params.id, MESSAGES.moderation.entryNotFound);
    const input = parseInput(resolveModerationRequestSchema, req.body);
    res.json(await resolveEntry(ctx, user, id, input));
  });
  return router;
}
