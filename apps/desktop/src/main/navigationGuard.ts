import { parseExternalUrl } from '../shared/externalUrl';
import { isAppUrl } from './appOrigin';

// Keeps the window on the app: a link, a redirect, a form or a script can never replace the app's page
// with another site or open a new Electron window. Web links go to the system browser instead.

export interface NavigationEvent {
  url: string;
  isMainFrame: boolean;
  preventDefault(): void;
}

/** The part of WebContents the guard uses. */
export interface GuardedContents {
  on(event: 'will-frame-navigate', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-redirect', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface NavigationGuardOptions {
  appOrigins: readonly string[];
  /** Opens an http(s) URL in the system browser (openExternalUrl, which checks it again). */
  openExternal(url: string): void;
  log: { warn(message: string): void };
}

export function guardNavigation(contents: GuardedContents, { appOrigins, openExternal, log }: NavigationGuardOptions) {
  contents.on('will-frame-navigate', (event) => {
    if (isAppUrl(event.url, appOrigins)) return;
    event.preventDefault();
    // What a click on a plain link to a web page meant: show that page, in the browser.
    if (event.isMainFrame && parseExternalUrl(event.url)) openExternal(event.url);
    else log.warn(`Blocked navigation to ${JSON.stringify(event.url.slice(0, 200))}`);
  });
  contents.on('will-redirect', (event) => {
    if (isAppUrl(event.url, appOrigins)) return;
    event.preventDefault();
    log.warn(`Blocked redirect to ${JSON.stringify(event.url.slice(0, 200))}`);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // target=_blank links and window.open: never a new app window; web pages open in the browser.
    if (parseExternalUrl(url)) openExternal(url);
    else log.warn(`Blocked a new window for ${JSON.stringify(url.slice(0, 200))}`);
    return { action: 'deny' };
  });
}
