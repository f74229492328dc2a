import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { APP_HOST } from './appOrigin';

// Serves the built renderer (out/renderer) at app://mentora/, a standard, secure origin of its own: the
// server's CORS allowlist knows it, and unlike file:// it cannot read the disk beyond this folder.

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The file under `rootDir` that an app:// URL names, or null for anything outside it or malformed. */
export function resolveAppFile(rootDir: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.host !== APP_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  const relative = pathname === '/' || pathname === '' ? 'index.html' : pathname.replace(/^\/+/, '');
  const root = path.resolve(rootDir);
  const file = path.resolve(root, relative);
  return file.startsWith(`${root}${path.sep}`) ? file : null;
}

export interface AppProtocolOptions {
  rootDir: string;
  /** The Content-Security-Policy header, built per request from the saved server address. */
  contentSecurityPolicy(): string;
  readFile?: (file: string) => Promise<Uint8Array>;
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** The protocol.handle('app', …) handler. */
export function createAppProtocolHandler({
  rootDir,
  contentSecurityPolicy,
  readFile: read = readFile,
}: AppProtocolOptions): (request: { url: string; method: string }) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed');
    const file = resolveAppFile(rootDir, request.url);
    if (!file) return plain(404, 'Not found');
    let body: Uint8Array;
    try {
      body = await read(file);
    } catch {
      return plain(404, 'Not found');
    }
    const headers = new Headers({
      'Content-Type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Security-Policy': contentSecurityPolicy(),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache',
    });
    // A copy typed for Response (node's Buffer may sit on a shared pool).
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };
}
