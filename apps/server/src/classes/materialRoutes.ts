import { downloadName, MESSAGES, renameMaterialRequestSchema } from '@mentora/contract';
import type { Request, Router } from 'express';
import type { AppContext } from '../context.js';
import { apiRouter } from '../http/apiRouter.js';
import { actor } from '../http/auth.js';
import { parseId, parseInput } from '../http/validate.js';
import { serveFile } from '../storage/serve.js';
import * as materials from './materials.js';

// /api/materials/{id}: one class material, once uploaded (uploads and the list are under /classes/{id}).

const materialId = (req: Request) => parseId(req.params.id, MESSAGES.materials.notFound);

export function materialRoutes(ctx: AppContext): Router {
  const router = apiRouter('/materials');

  router.patch('/:id', async (req, res) => {
    const user = actor(req);
    const id = materialId(req);
    const input = parseInput(renameMaterialRequestSchema, req.body);
    res.json({ material: await materials.renameMaterial(ctx, user, id, input) });
  });

  router.delete('/:id', async (req, res) => {
    const user = actor(req);
    await materials.deleteMaterial(ctx, user, materialId(req));
    res.json({ message: MESSAGES.materials.deleted });
  });

  router.get('/:id/download', async (req, res) => {
    const user = actor(req);
    const material = await materials.materialForDownload(ctx, user, materialId(req));
    await serveFile(req, res, ctx.files, {
      key: material.storageKey,
      // Saved under an extension that fits its type: a file is opened by its extension.
      name: downloadName(material.name, material.type),
      type: material.type,
      size: material.size,
      etag: material.sha256,
      disposition: 'attachment',
      // Access can end (unenrolment, removal): the browser asks again each time.
      cacheControl: 'private, no-cache',
      rangeMessage: MESSAGES.materials.badRange,
    });
  });

  return router;
}
