import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Mentora</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>Mentora</h1><p>LEARN &bull; GROW &bull; EXCEL</p><p>The API is running under <code>/api</code>. The web app has not been built yet: run <code>pnpm build</code>.</p></body></html>`;

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * A Link header naming what index.html loads first: its module scripts and their preloads, and its
 * stylesheets. The browser then fetches them with the page itself, before it has parsed a byte of it,
 * which brings the first paint forward on a slow network. crossorigin matches the
 * tags (Vite writes it), or each file would be fetched twice.
 */
export function preloadLinks(html: string): string {
  const links = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attribute(tag, 'src');
    if (src && attribute(tag, 'type') === 'module') links.add(`<${src}>; rel=modulepreload; crossorigin`);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = attribute(tag, 'href');
    const rel = attribute(tag, 'rel');
    if (href && rel === 'modulepreload') links.add(`<${href}>; rel=modulepreload; crossorigin`);
    if (href && rel === 'stylesheet') links.add(`<${href}>; rel=preload; as=style; crossorigin`);
  }
  return [...links].join(', ');
}

/**
 * Serves the built web app with a fallback to index.html for client-side routes. The build writes each
 * asset brotli- and gzip-compressed beside it at the strongest settings (apps/web/vite.config.ts):
 * those files are sent as they are, brotli whenever the browser takes it (every browser does), else
 * gzip; the web app's JavaScript is about a third of its size that way, which is most of a first
 * visit's wait on a slow connection. What the build did not compress (index.html, a small file) is
 * compressed as it is sent.
 */
export function webAppRoutes(distDir: string): Router {
  const router = express.Router();
  const index = path.join(distDir, 'index.html');
  const built = existsSync(index);
  const link = built ? preloadLinks(readFileSync(index, 'utf8')) : '';
  router.use(compression());
  if (built) {
    router.use(
      '/assets',
      expressStaticGzip(path.join(distDir, 'assets'), {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: false,
        serveStatic: { immutable: true, maxAge: '1y', fallthrough: false },
      }),
    );
    router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  }
  router.get(/.*/, (_req, res) => {
    if (built) res.set({ 'Cache-Control': 'no-cache', ...(link ? { Link: link } : {}) }).sendFile(index);
    else res.type('html').send(PLACEHOLDER);
  });
  return router;
}
