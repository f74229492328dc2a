import type { ServerUrlResult } from '../shared/bridge';

export { DEFAULT_SERVER_URL } from '../shared/bridge';

// The server address the desktop app talks to: what the first run and Settings accept, and the check
// (GET {address}/api/health answering 200 from a Mentora server) that must pass before it is saved.

const MAX_ADDRESS_LENGTH = 2048;
const CHECK_TIMEOUT_MS = 8_000;

/** localhost, *.localhost, 127.0.0.0/8 and ::1: the only hosts a plain http:// address may name. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]';
}

/**
 * The address in its saved form (`scheme://host[:port][/path]`, no trailing slash), or why it is not
 * acceptable. Plain http is accepted for this machine only: the app page is a secure origin, which
 * Chromium lets call http:// on loopback alone (mixed content), and elsewhere the sign-in token would
 * cross the network in clear text.
 */
export function normalizeServerUrl(input: unknown): ServerUrlResult {
  if (typeof input !== 'string' || input.trim() === '') return { ok: false, message: 'Enter the server address.' };
  const raw = input.trim();
  if (raw.length > MAX_ADDRESS_LENGTH) return { ok: false, message: 'That address is too long.' };
  if (!/^[a-z][a-z\d+.-]*:\/\//i.test(raw)) {
    return { ok: false, message: 'Enter the full address, starting with https:// (or http:// on this computer).' };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: 'That is not a valid address.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: 'The address must start with https:// (or http:// on this computer).' };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, message: 'The address must not contain a user name or password.' };
  }
  if (url.search !== '' || url.hash !== '') {
    return { ok: false, message: 'The address must not contain ? or #.' };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return {
      ok: false,
      message: 'Use https:// for a server on another computer (plain http:// only works for this computer).',
    };
  }
  const path = url.pathname.replace(/\/+$/, '');
  return { ok: true, serverUrl: `${url.origin}${path}` };
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Asks GET {serverUrl}/api/health (serverUrl already normalized). Only a 200 whose body is the health
 * answer (`{"status":"ok"}`) passes: any other web server that happens to answer 200 is not Mentora.
 */
export async function checkServer(
  serverUrl: string,
  fetchImpl: FetchLike,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<ServerUrlResult> {
  let response: Response;
  try {
    response = await fetchImpl(`${serverUrl}/api/health`, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      // A redirect would leave the app calling an address other than the one saved.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return {
      ok: false,
      message: `Could not reach ${serverUrl}. Check the address and that the server is running.`,
    };
  }
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get('Location');
    return {
      ok: false,
      message: location
        ? `${serverUrl} redirects to ${new URL(location, `${serverUrl}/`).origin}: enter that address instead.`
        : `${serverUrl} answered with a redirect: enter the address it redirects to.`,
    };
  }
  if (response.status === 503) {
    return { ok: false, message: `The server at ${serverUrl} is starting or unwell (503). Try again in a moment.` };
  }
  if (response.status !== 200) {
    return {
      ok: false,
      message: `${serverUrl} answered ${response.status} instead of 200: is this the Mentora server’s address?`,
    };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!isRecord(body) || body.status !== 'ok') {
    return { ok: false, message: `${serverUrl} answered, but it is not a Mentora server.` };
  }
  return { ok: true, serverUrl };
}

/** Normalizes, then checks: the one way a server address gets accepted. */
export async function validateServerUrl(input: unknown, fetchImpl: FetchLike): Promise<ServerUrlResult> {
  const normalized = normalizeServerUrl(input);
  if (!normalized.ok) return normalized;
  return checkServer(normalized.serverUrl, fetchImpl);
}
