import { Router } from 'express';
import { assistantRoutes } from './assistant/routes.js';
import { auditRoutes } from './audit/routes.js';
import { authRoutes } from './auth/routes.js';
import { calendarRoutes } from './calendar/routes.js';
import { materialRoutes } from './classes/materialRoutes.js';
import { classesRoutes } from './classes/routes.js';
import { communityRoutes } from './community/routes.js';
import type { AppContext } from './context.js';
import { dashboardRoutes } from './dashboard/routes.js';
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

/**
 * Every API area, mounted under /api. Each area's router names its own paths in full (http/apiRouter.ts),
 * so they are mounted without a path. Each area's routes.ts is HTTP only; rules live in its service.
 */
export function apiRoutes(ctx: AppContext, limits: RateLimiters): Router {
  const router = Router();
  router.use(authRoutes(ctx, limits));
  router.use(userRoutes(ctx));
  router.use(avatarRoutes(ctx));
  router.use(sanctionsRoutes(ctx));
  router.use(adminRoutes(ctx));
  router.use(auditRoutes(ctx));
  router.use(classesRoutes(ctx));
  router.use(materialRoutes(ctx));
  router.use(dashboardRoutes(ctx));
  router.use(calendarRoutes(ctx, limits));
  router.use(discussionsRoutes(ctx));
  router.use(reviewsRoutes(ctx));
  router.use(communityRoutes(ctx));
  router.use(searchRoutes(ctx));
  router.use(assistantRoutes(ctx, limits));
  router.use(unsubscribeRoutes(ctx, limits));
  router.use(notificationsRoutes(ctx));
  router.use(eventsRoutes(ctx));
  router.use(reportRoutes(ctx, limits));
  router.use(moderationRoutes(ctx));
  return router;
}
