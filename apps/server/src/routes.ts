import { Router } from 'express';
import { assistantRoutes } from './assistant/routes.js';
import { auditRoutes } from './audit/routes.js';
import { authRoutes } from './auth/routes.js';
import { calendarRoutes } from './calendar/routes.js';
import { materialRoutes } from './classes/materialRoutes.js';
import { classesRoutes } from './classes/routes.js';
import { communityRoutes } from './community/routes.js';
import type { AppContext } from './context.js';
import { discussionsRoutes } from './discussions/routes.js';
import { eventsRoutes } from './events/routes.js';
import type { RateLimiters } from './http/rateLimit.js';
import { moderationRoutes, reportRoutes } from './moderation/routes.js';
import { notificationsRoutes, unsubscribeRoutes } from './notifications/routes.js';
import { reviewsRoutes } from './reviews/routes.js';
import { sanctionsRoutes } from './sanctions/routes.js';
import { searchRoutes } from './search/routes.js';
import { avatarRoutes } from './users/avatarRoutes.js';
import { adminRoutes, userRoutes } from './users/routes.js';

/** Every API area, mounted under /api. Each area's routes.ts is HTTP only; rules live in its service. */
export function apiRoutes(ctx: AppContext, limits: RateLimiters): Router {
  const router = Router();
  router.use('/auth', authRoutes(ctx, limits));
  router.use('/users', userRoutes(ctx));
  router.use('/avatars', avatarRoutes(ctx));
  router.use('/users/:id/sanctions', sanctionsRoutes(ctx));
  router.use('/admin', adminRoutes(ctx));
  router.use('/admin/audit-log', auditRoutes(ctx));
  router.use('/classes', classesRoutes(ctx));
  router.use('/materials', materialRoutes(ctx));
  router.use('/calendar', calendarRoutes(ctx, limits));
  router.use('/discussions', discussionsRoutes(ctx));
  router.use('/reviews', reviewsRoutes(ctx));
  router.use('/community', communityRoutes(ctx));
  router.use('/search', searchRoutes(ctx));
  router.use('/gemini', assistantRoutes(ctx, limits));
  router.use('/notifications/unsubscribe', unsubscribeRoutes(ctx, limits));
  router.use('/notifications', notificationsRoutes(ctx));
  router.use('/events', eventsRoutes(ctx));
  router.use('/reports', reportRoutes(ctx, limits));
  router.use('/moderation', moderationRoutes(ctx));
  return router;
}
