import {
  createDiscussionRequestSchema,
  listDiscussionsQuerySchema,
  MESSAGES,
  replyRequestSchema,
} from '@mentora/contract';
import type { Request, Response, Router } from 'express';
import type { AppContext } from '../context.js';
import { apiRouter } from '../http/apiRouter.js';
import { actor } from '../http/auth.js';
import { parseId, parseInput } from '../http/validate.js';
import { createDiscussion } from './discussionCreator.js';
import * as discussionsService from './service.js';

/** The list filters of the query string; an empty classId (`?classId=`) means no class filter. */
function listOptions(req: Request): discussionsService.DiscussionListOptions {
  const query = parseInput(listDiscussionsQuerySchema, req.query);
  const classId = query.classId?.trim();
  return {
    classId: classId ? parseId(classId, MESSAGES.classDetail.notFound) : undefined,
    search: query.search,
    mine: query.mine,
    limit: query.limit,
    cursor: query.cursor,
  };
}

/** The next page's cursor travels in a header so that GET /discussions stays a plain array (API.md). */
function setNextCursor(res: Response, nextCursor: string | null): void {
  if (nextCursor) res.set('X-Next-Cursor', nextCursor);
}

const discussionId = (req: Request) => parseId(req.params.id, MESSAGES.discussionDetail.notFound);

export function discussionsRoutes(ctx: AppContext): Router {
  const router = apiRouter('/discussions');

  router.get('/', async (req, res) => {
    const user = actor(req);
    const page = await discussionsService.listDiscussions(ctx, user, listOptions(req));
    setNextCursor(res, page.nextCursor);
    res.json(page.items);
  });

  // Before /:id, which would otherwise take "all" for an id.
  router.get('/all', async (req, res) => {
    const user = actor(req);
    const page = await discussionsService.listAllDiscussions(ctx, user, listOptions(req));
    setNextCursor(res, page.nextCursor);
    res.json({ discussions: page.items });
  });

  router.get('/:id', async (req, res) => {
    const user = actor(req);
    res.json(await discussionsService.getDiscussion(ctx, user, discussionId(req)));
  });

  router.post('/', async (req, res) => {
    const user = actor(req);
    const { classId, ...input } = parseInput(createDiscussionRequestSchema, req.body);
    const cls = parseId(classId, MESSAGES.classDetail.notFound);
    res.status(201).json(await createDiscussion(ctx, user, cls, input));
  });

  router.post('/:id/replies', async (req, res) => {
    const user = actor(req);
    const id = discussionId(req);
    const input = parseInput(replyRequestSchema, req.body);
    res.status(201).json(await discussionsService.addReply(ctx, user, id, input));
  });

  router.delete('/:id', async (req, res) => {
    const user = actor(req);
    await discussionsService.deleteDiscussion(ctx, user, discussionId(req));
    res.json({ message: MESSAGES.server.discussionDeleted });
  });

  return router;
}
