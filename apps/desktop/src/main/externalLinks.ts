import { parseExternalUrl } from '../shared/externalUrl';

// Opening URLs outside the app: the system browser, for http and https only.

export interface ExternalOpener {
  /** shell.openExternal */
  openExternal(url: string): Promise<void>;
}

export interface Logger {
  warn(message: string): void;
}

/**
 * Opens `raw` in the system browser when it parses as an http(s) URL; anything else (javascript:,
 * file:, custom schemes that start other programs, junk) is refused and logged. True when opened.
 */
export async function openExternalUrl(raw: unknown, shell: ExternalOpener, log: Logger): Promise<boolean> {
  const url = parseExternalUrl(raw);
  if (!url) {
    log.warn(`Refused to open a non-http(s) URL: ${JSON.stringify(String(raw).slice(0, 200))}`);
    return false;
  }
  try {
    await shell.openExternal(url.href);
    return true;
  } catch (error) {
    log.warn(`Could not open ${url.href} in the system browser: ${error instanceof Error ? error.message : error}`);
    return false;
  }
}
