// The built desktop renderer (apps/desktop/out/renderer), served over http on loopback for the
// desktop journeys, with the Content-Security-Policy the desktop app's app:// handler sends: the same
// policy function, pointed at the journeys' server.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { contentSecurityPolicy } from '../../apps/desktop/src/main/csp';
import { REPO_ROOT } from './env';

/** The built renderer; E2E_DESKTOP_RENDERER_DIR points at another build. */
export const DESKTOP_RENDERER_DIR = process.env.E2E_DESKTOP_RENDERER_DIR
  ? path.resolve(process.env.E2E_DESKTOP_RENDERER_DIR)
  : path.join(REPO_ROOT, 'apps', 'desktop', 'out', 'renderer');

/** Set by the global setup: where the desktop renderer is served. */
export const DESKTOP_URL_VARIABLE = 'E2E_DESKTOP_URL';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export interface ServedRenderer {
  /** http://127.0.0.1:port: the origin the journeys' server must allow (CORS_ORIGINS). */
  origin: string;
  /** The API server the page may connect to (its CSP's connect-src). */
  useServer(serverUrl: string): void;
  stop(): Promise<void>;
}

/** Serves the renderer when it has been built (null otherwise: the desktop journeys then say so). */
export async function serveDesktopRenderer(): Promise<ServedRenderer | null> {
  const root = DESKTOP_RENDERER_DIR;
  if (!existsSync(path.join(root, 'index.html'))) return null;
  let serverUrl: string | null = null;
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.resolve(root, pathname === '/' ? 'index.html' : `.${pathname}`);
    if (!file.startsWith(`${root}${path.sep}`)) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, {
        'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'Content-Security-Policy': contentSecurityPolicy(serverUrl),
        'Cache-Control': 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    useServer(url) {
      serverUrl = url;
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
