// Where the app's own pages live: app://mentora/ when packaged, the electron-vite dev server in development.

export const APP_SCHEME = 'app';
export const APP_HOST = 'mentora';
/** The origin the server's CORS allowlist knows (apps/server/src/config.ts DESKTOP_ORIGIN). */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * scheme://host[:port] of a URL. Not URL.origin: Node's URL gives "null" as the origin of a scheme it
 * does not know (app:), which Chromium, where the scheme is registered as standard, does not.
 */
export function originOf(raw: string): string | null {
  try {
    const url = new URL(raw);
    if (url.host === '') return null;
    return `${url.protocol}//${url.host}`.toLowerCase();
  } catch {
    return null;
  }
}

/** True when `raw` is a page of the app itself (one of `appOrigins`). */
export function isAppUrl(raw: string, appOrigins: readonly string[]): boolean {
  const origin = originOf(raw);
  return origin !== null && appOrigins.some((allowed) => allowed.toLowerCase() === origin);
}
