import axios, { type AxiosInstance, isAxiosError } from 'axios';

export interface ApiClientOptions {
  /** Where the API lives: `/api` on the web, the configured server's `/api` on the desktop. */
  baseURL: string;
  /** The stored token, if any: sent as a bearer token (the desktop app has no cookie jar to rely on). */
  getToken: () => string | null;
  /**
   * Called when a request that needs a session answers 401: the session has ended (see shouldSignOutOn401).
   * Only for a request sent with the token still stored when its answer comes: one sent without a token,
   * or under a session that has since ended (a logout, a new sign-in), has no session left to end.
   */
  onUnauthorized: () => void;
}

/**
 * Paths whose 401 does not mean "your session has ended, sign in again":
 * - /auth/profile is the start-up session check; its failure simply means signed out (SPEC.md section 8).
 * - /auth/login answers 401 for a wrong email or password (API.md): that is a form error shown on the
 *   login page, and sending the browser to /login again would wipe the banner that explains it.
 * - /auth/logout with an already revoked token: the session is over either way, logout finishes normally.
 */
const PATHS_WITHOUT_SIGN_OUT = new Set(['/auth/profile', '/auth/login', '/auth/logout']);

/** The request path of a (relative or absolute) request URL, without query, hash or trailing slash. */
export function requestPath(url: string | undefined, baseURL = ''): string {
  if (!url) return '/';
  let path = url;
  if (/^https?:\/\//i.test(path)) path = new URL(path).pathname;
  path = path.split(/[?#]/)[0] ?? '';
  const basePath = /^https?:\/\//i.test(baseURL) ? new URL(baseURL).pathname : baseURL;
  const base = basePath.replace(/\/+$/, '');
  if (base && (path === base || path.startsWith(`${base}/`))) path = path.slice(base.length);
  if (!path.startsWith('/')) path = `/${path}`;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The 401 rule of SPEC.md section 8: a 401 from any call but the few above ends the session. */
export function shouldSignOutOn401(url: string | undefined, baseURL = ''): boolean {
  return !PATHS_WITHOUT_SIGN_OUT.has(requestPath(url, baseURL));
}

/** The one HTTP client of the UI: JSON, credentials sent, bearer token when stored. */
export function createApiClient({ baseURL, getToken, onUnauthorized }: ApiClientOptions): AxiosInstance {
  const client = axios.create({
    baseURL,
    withCredentials: true,
    // No XSRF cookie to echo: the server checks a write's Origin (apps/server/src/http/csrf.ts). Looking
    // for one goes through the browser's Cookie Store, asynchronously, and holds every request back
    // (a page's first request would leave after its chunks instead of before them).
    withXSRFToken: false,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  });

  // The token each request went with, for the 401 rule below.
  const sentWith = new WeakMap<object, string>();

  client.interceptors.request.use((config) => {
    const token = getToken();
    if (token) {
      config.headers.set('Authorization', `Bearer ${token}`);
      sentWith.set(config, token);
    }
    return config;
  });

  client.interceptors.response.use(undefined, (error: unknown) => {
    if (
      isAxiosError(error) &&
      error.response?.status === 401 &&
      shouldSignOutOn401(error.config?.url, error.config?.baseURL ?? baseURL) &&
      // The session it was sent under is the current one. A request that left after a logout (the bell,
      // mounting as the page around it goes) would otherwise send the browser to /login instead of
      // where the logout goes.
      error.config !== undefined &&
      sentWith.get(error.config) === getToken()
    ) {
      onUnauthorized();
    }
    return Promise.reject(error);
  });

  return client;
}
