import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import { gzipStatic } from './gzipStatic.js';

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Mentora</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>Mentora</h1><p>LEARN &bull; GROW &bull; EXCEL</p><p>The API is running under <code>/api</code>. The web app has not been built yet: run <code>pnpm build</code>.</p></body></html>`;

/** Serves the built web app with a fallback to index.html for client-side routes. */
export function webAppRoutes(distDir: string): Router {
  const router = express.Router();
  const index = path.join(distDir, 'index.html');
  const built = existsSync(index);
  if (built) {
    const assets = path.join(distDir, 'assets');
    router.use(
      '/assets',
      gzipStatic(assets, 'public, max-age=31536000, immutable'),
      express.static(assets, { immutable: true, maxAge: '1y', fallthrough: false }),
    );
    router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  }
  router.get(/.*/, (_req, res) => {
    if (built) res.set('Cache-Control', 'no-cache').sendFile(index);
    else res.type('html').send(PLACEHOLDER);
  });
  return router;
}
