import { chatRequestSchema, MESSAGES } from '@mentora/contract';
import type { Response, Router } from 'express';
import type { AppContext } from '../context.js';
import { apiRouter } from '../http/apiRouter.js';
import { actor } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import type { RateLimiters } from '../http/rateLimit.js';
import { parseInput } from '../http/validate.js';
import { AssistantAborted, type AssistantProvider } from './provider.js';
import { createAssistantProvider } from './providers.js';
import * as assistantService from './service.js';

// Under /api/gemini (the path the UI has always called, whichever provider answers). The event format
// of /chat/stream is documented with its schemas in packages/contract (chatStream*Schema).

function sendEvent(res: Response, event: 'done' | 'error' | undefined, data: unknown): void {
  res.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
}

/** Headers of an event stream, sent with the first piece so that earlier failures stay plain JSON answers. */
function openEventStream(res: Response): void {
  if (res.headersSent) return;
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
}

export function assistantRoutes(
  ctx: AppContext,
  limits: RateLimiters,
  provider: AssistantProvider = createAssistantProvider(ctx.config, ctx.db),
): Router {
  const router = apiRouter('/gemini');

  router.get('/status', (req, res) => {
    actor(req);
    res.json(assistantService.status(provider));
  });

  router.post('/chat', limits.assistantPerUser, async (req, res) => {
    const user = actor(req);
    const asked = parseInput(chatRequestSchema, req.body);
    res.json({ response: await assistantService.chat(ctx, provider, user, asked) });
  });

  router.post('/chat/stream', limits.assistantPerUser, async (req, res) => {
    const user = actor(req);
    const asked = parseInput(chatRequestSchema, req.body);
    // The asker closing the connection stops the provider call.
    const gone = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) gone.abort();
    });
    try {
      const response = await assistantService.streamChat(ctx, provider, user, asked, {
        signal: gone.signal,
        onDelta: (delta) => {
          openEventStream(res);
          sendEvent(res, undefined, { delta });
        },
      });
      openEventStream(res);
      sendEvent(res, 'done', { response });
      res.end();
    } catch (error) {
      if (gone.signal.aborted || error instanceof AssistantAborted) {
        res.end();
        return;
      }
      if (!res.headersSent) throw error;
      // Mid-stream the status line is gone: the failure travels as an event.
      if (!(error instanceof HttpError)) ctx.logger.error({ err: error }, 'assistant stream failed');
      const failure = error instanceof HttpError ? error : new HttpError(500, MESSAGES.server.internal);
      sendEvent(res, 'error', { message: failure.message, status: failure.status });
      res.end();
    }
  });

  router.get('/history', async (req, res) => {
    res.json(await assistantService.history(ctx, actor(req)));
  });

  router.delete('/history', async (req, res) => {
    await assistantService.clear(ctx, actor(req));
    res.json({ message: MESSAGES.assistant.historyCleared });
  });

  return router;
}
