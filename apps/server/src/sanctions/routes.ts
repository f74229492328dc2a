import { imposeSanctionRequestSchema, liftSanctionRequestSchema, MESSAGES } from '@mentora/contract';

import type { Router } from 'express';
import type { AppContext } from '../context.js';
import { apiRouter } from '../http/apiRouter.js';
import { parseId, parseInput } from '../http/validate.js';
import { requireAdmin } from '../users/routes.js';
import * as sanctionsService from './service.js';

/** /api/users/:id/sanctions: admins warn, silence, suspend and lift (sanctions/service.ts). */
export function sanctionsRoutes(ctx: AppContext): Router {
  const router = apiRouter('/users/:id/sanctions');

  router.get('/', async (req, res) => {
    requireAdmin(req);
    const userId = parseId((req.params as { id?: string }).id, MESSAGES.server.userNotFound);
    res.set('Cache-Control', 'no-store').json(await sanctionsService.listSanctions(ctx, userId));
  });

  router.post('/', async (req, res) => {
    const admin = requireAdmin(req);
    const userId = parseId((req.params as { id?: string }).id, MESSAGES.server.userNotFound);
    const input = parseInput(imposeSanctionRequestSchema, req.body);
    const sanction = await sanctionsService.imposeSanction(ctx, { ...input, userId, by: admin });
    res.status(201).json({ sanction });
  });

  router.delete('/:sid', async (req, res) => {
    const admin = requireAdmin(req);
    const userId = parseId((req.params as { id?: string }).id, MESSAGES.server.userNotFound);
    const sanctionId = parseId(req.params.sid, MESSAGES.server.sanctionNotFound);
    const { reason } = parseInput(liftSanctionRequestSchema, req.body);
    res.json({ sanction: await sanctionsService.liftSanction(ctx, admin, userId, sanctionId, reason) });
  });

  return router;
}
