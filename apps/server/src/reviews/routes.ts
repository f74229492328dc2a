import { createReviewRequestSchema, MESSAGES } from '@mentora/contract';
import type { Request, Router } from 'express';
import type { AppContext } from '../context.js';
import { apiRouter } from '../http/apiRouter.js';
import { actor } from '../http/auth.js';
import { parseId, parseInput } from '../http/validate.js';
import * as reviewsService from './service.js';

const classIdOf = (raw: unknown) => parseId(raw, MESSAGES.classDetail.notFound);
const classIdParam = (req: Request) => classIdOf(req.params.classId);

export function reviewsRoutes(ctx: AppContext): Router {
  const router = apiRouter('/reviews');

  router.post('/', async (req, res) => {
    const user = actor(req);
    const input = parseInput(createReviewRequestSchema, req.body);
    res.status(201).json(await reviewsService.submitReview(ctx, user, classIdOf(input.classId), input));
  });

  router.get('/:classId/average', async (req, res) => {
    actor(req);
    res.json(await reviewsService.averageRating(ctx, classIdParam(req)));
  });

  router.get('/:classId', async (req, res) => {
    actor(req);
    res.json(await reviewsService.listReviews(ctx, actor(req), classIdParam(req)));
  });

  return router;
}
