// GET requests a shell starts before the app's own JavaScript has arrived (the web's boot script, see
// ../boot.ts): the session check and the first page's data then travel while the app downloads, instead
// of one after the other once it runs. The api client takes such an answer, once, when it asks for the
// same URL with the same token (see client.ts); anything it never asks for is dropped after a while.

/** A whole answer, body read: the api client turns it into its own response. */
export interface EarlyAnswer {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
}

/** How long an early answer waits for the app to ask for it; after that it is too old to use. */
export const EARLY_ANSWER_TTL_MS = 15_000;

interface Entry {
  token: string;
  answer: Promise<EarlyAnswer | null>;
  expires: number;
}

const entries = new Map<string, Entry>();

/** The same key for the same request however it is spelled: origin, path and sorted query. */
export function requestKey(url: string): string {
  const parsed = new URL(url, 'http://relative.invalid');
  const query = [...parsed.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${parsed.origin}${parsed.pathname}?${new URLSearchParams(query)}`;
}

/** Starts `GET url` with the bearer token now; a network failure simply leaves nothing to take. */
export function startEarlyGet(url: string, token: string, fetchImpl: typeof fetch = fetch): void {
  const answer = fetchImpl(url, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    credentials: 'include',
  }).then(
    async (response) => ({
      status: response.status,
      statusText: response.statusText,
      headers: Object.fromEntries(response.headers),
      body: await response.text(),
    }),
    () => null,
  );
  entries.set(requestKey(url), { token, answer, expires: Date.now() + EARLY_ANSWER_TTL_MS });
}

/**
 * The early answer to `GET url`, if one was started with this very token and is not too old; it is
 * handed out once. Undefined: ask the network as usual.
 */
export function takeEarlyAnswer(url: string, token: string | null): Promise<EarlyAnswer | null> | undefined {
  const key = requestKey(url);
  const entry = entries.get(key);
  if (!entry) return undefined;
  entries.delete(key);
  if (entry.token !== token || Date.now() > entry.expires) return undefined;
  return entry.answer;
}

/** Forgets every early request (tests; and a session that turned out to be over). */
export function clearEarlyAnswers(): void {
  entries.clear();
}
