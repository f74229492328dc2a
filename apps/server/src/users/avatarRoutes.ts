import { MESSAGES } from '@mentora/contract';

import type { Router } from 'express';
import type { AppContext } from '../context.js';
import { apiRouter } from '../http/apiRouter.js';
import { notFound } from '../http/errors.js';
import { INERT } from '../storage/serve.js';
import { readAvatar } from './avatars.js';

// GET /api/avatars/{id}: a profile picture, to anyone (it is shown beside its owner's posts, and the
// desktop app's <img> carries no session). Each upload gets a new id, so an answer never changes:
// browsers keep it for a year without asking again.

export function avatarRoutes(ctx: AppContext): Router {
  const router = apiRouter('/avatars');
  router.get('/:id', async (req, res) => {
    const picture = await readAvatar(ctx, req.params.id);
    if (!picture) throw notFound(MESSAGES.avatars.notFound);
    res.set({
      'Content-Type': 'image/webp',
      'Content-Disposition': 'inline',
      ...INERT,
      'Cache-Control': 'public, max-age=31536000, immutable',
      // Shown by pages of other origins too (the desktop app).
      'Cross-Origin-Resource-Policy': 'cross-origin',
      ETag: `"${req.params.id}"`,
    });
    res.send(picture);
  });
  return router;
}
