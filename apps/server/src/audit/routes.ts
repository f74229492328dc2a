import { listAuditLogQuerySchema } from '@mentora/contract';

import type { Router } from 'express';
import type { AppContext } from '../context.js';
import { apiRouter } from '../http/apiRouter.js';
import { parseInput } from '../http/validate.js';
import { requireAdmin } from '../users/routes.js';
import * as auditService from './service.js';

/** GET /api/admin/audit-log: what admins did, for admins only. */
export function auditRoutes(ctx: AppContext): Router {
  const router = apiRouter('/admin/audit-log');
  router.get('/', async (req, res) => {
    requireAdmin(req);
    const query = parseInput(listAuditLogQuerySchema, req.query);
    res.set('Cache-Control', 'no-store').json(await auditService.listAuditLog(ctx, query));
  });
  return router;
}
