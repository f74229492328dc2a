import { MESSAGES } from '@mentora/contract';
import type { Request, Router } from 'express';
import type { AppContext } from '../context.js';
import { apiRouter } from '../http/apiRouter.js';
import { actor } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { notificationEventsAfter } from '../notifications/service.js';
import type { LiveEvent } from './types.js';

/** At most this many notifications are replayed on reconnection; beyond it the client is told to refetch. */
const NOTIFICATION_REPLAY_MAX = 100;

/** Where the client stopped: the Last-Event-ID header a reconnecting EventSource sends, or ?lastEventId=. */
function lastEventId(req: Request): number | undefined {
  const raw = req.get('last-event-id') ?? req.query.lastEventId;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

/** GET /api/events: the caller's live events as Server-Sent Events (packages/contract lists them). */
export function eventsRoutes(ctx: AppContext): Router {
  const router = apiRouter('/events');

  router.get('/', async (req, res) => {
    const user = actor(req);
    const sessionId = req.auth?.sessionId ?? '';
    const from = lastEventId(req);
    const stream = ctx.events.openStream(res, user, sessionId);
    if (!stream) throw new HttpError(429, MESSAGES.server.tooManyStreams, undefined, { 'Retry-After': '30' });
    if (from === undefined) {
      stream.catchUp([], false);
      return;
    }
    const kept = ctx.events.replayAfter(from);
    let missed: LiveEvent[] = kept.events;
    let gap = kept.gap;
    try {
      const durable = await notificationEventsAfter(ctx, user.id, from, NOTIFICATION_REPLAY_MAX);
      missed = [...durable.events, ...missed];
      gap ||= !durable.complete;
    } catch (error) {
      ctx.logger.warn({ err: error }, 'could not replay notifications to a resuming stream');
      gap = true;
    }
    stream.catchUp(missed, gap);
  });

  return router;
}
