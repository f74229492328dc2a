import { createPostRequestSchema, listPostsQuerySchema, MESSAGES, replyRequestSchema } from '@mentora/contract';
import type { Request, Router } from 'express';
import type { AppContext } from '../context.js';
import { apiRouter } from '../http/apiRouter.js';
import { actor } from '../http/auth.js';
import { parseId, parseInput } from '../http/validate.js';
import * as communityService from './service.js';

const postId = (req: Request) => parseId(req.params.id, MESSAGES.server.postNotFound);

export function communityRoutes(ctx: AppContext): Router {
  const router = apiRouter('/community');

  router.get('/', async (req, res) => {
    actor(req);
    const page = await communityService.listPosts(ctx, actor(req), parseInput(listPostsQuerySchema, req.query));
    // The next page's cursor travels in a header so that the answer stays a plain array (API.md).
    if (page.nextCursor) res.set('X-Next-Cursor', page.nextCursor);
    res.json(page.items);
  });

  router.post('/', async (req, res) => {
    const user = actor(req);
    const input = parseInput(createPostRequestSchema, req.body);
    res.status(201).json(await communityService.createPost(ctx, user, input));
  });

  router.post('/:id/like', async (req, res) => {
    const user = actor(req);
    res.json(await communityService.toggleLike(ctx, user, postId(req)));
  });

  router.post('/:id/replies', async (req, res) => {
    const user = actor(req);
    const id = postId(req);
    const input = parseInput(replyRequestSchema, req.body);
    res.status(201).json(await communityService.addReply(ctx, user, id, input));
  });

  router.delete('/:id', async (req, res) => {
    const user = actor(req);
    await communityService.deletePost(ctx, user, postId(req));
    res.json({ message: MESSAGES.server.postDeleted });
  });

  return router;
}
