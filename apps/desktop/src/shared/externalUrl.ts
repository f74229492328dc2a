// Which URLs may leave the app for the system browser: http and https only, decided by parsing the URL
// (a pattern match is fooled by case, whitespace and control characters; the URL parser is what the
// browser and the OS will use). Shared by the main process, which decides, and the renderer, which does
// not even ask for anything else.

/** The longest URL handed to the operating system. */
export const MAX_EXTERNAL_URL_LENGTH = 8192;

/** The URL when it is an absolute http(s) URL, otherwise null (javascript:, file:, relative, junk). */
export function parseExternalUrl(raw: unknown): URL | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_EXTERNAL_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '') return null;
  return url;
}
