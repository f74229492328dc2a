import axios, {
  type AxiosAdapter,
  AxiosHeaders,
  type AxiosInstance,
  CanceledError,
  type InternalAxiosRequestConfig,
  isAxiosError,
} from 'axios';
import { type EarlyAnswer, takeEarlyAnswer } from './earlyAnswers';

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

/** Waits for `promise`, or rejects as axios does once the request's signal aborts. */
function unlessAborted<T>(promise: Promise<T>, config: InternalAxiosRequestConfig): Promise<T> {
  const signal = config.signal as AbortSignal | undefined;
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new CanceledError(undefined, undefined, config));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new CanceledError(undefined, undefined, config));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Answers a request from an early answer (see earlyAnswers.ts) when that one succeeded; anything else
 * (an error status, a network failure) is asked again through the usual adapter, so errors, retries
 * and the 401 rule behave exactly as without it.
 */
function earlyAdapter(early: Promise<EarlyAnswer | null>, usual: InternalAxiosRequestConfig['adapter']): AxiosAdapter {
  return async (config) => {
    const answer = await unlessAborted(early, config);
    if (answer && answer.status >= 200 && answer.status < 300) {
      // The body as text: axios parses it as it would a network answer (transformResponse).
      return {
        data: answer.body,
        status: answer.status,
        statusText: answer.statusText,
        headers: AxiosHeaders.from(answer.headers),
        config,
        request: null,
      };
    }
    return axios.getAdapter(usual, config)(config);
  };
}

/** The one HTTP client of the UI: JSON, credentials sent, bearer token when stored. */
export function createApiClient({ baseURL, getToken, onUnauthorized }: ApiClientOptions): AxiosInstance {
  const client = axios.create({
    baseURL,
    withCredentials: true,
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
    if ((config.method ?? 'get').toLowerCase() === 'get') {
      const early = takeEarlyAnswer(client.getUri(config), token);
      if (early) config.adapter = earlyAdapter(early, config.adapter);
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
