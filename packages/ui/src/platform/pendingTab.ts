import { isHttpUrl } from '@mentora/contract';
import type { PendingExternal } from './platform';

type TabOpener = Pick<Window, 'open'>;

/**
 * The web's openExternalLater: opens a blank tab now, while the click still counts as a user gesture, and
 * points it at the URL later. The blank tab is same-origin with the app, so it is cut from its opener and
 * only ever sent to an http(s) URL (a javascript: URL there would run as the app). When the browser
 * refused the blank tab, `go` tries a plain new tab, which is what the app did before.
 */
export function openTabLater(win: TabOpener): PendingExternal {
  let tab: Window | null = null;
  try {
    // Not 'noopener': with it window.open returns null, and the tab could not be pointed anywhere.
    tab = win.open('about:blank', '_blank');
    if (tab) tab.opener = null;
  } catch {
    tab = null;
  }
  return {
    go(url) {
      if (!isHttpUrl(url)) {
        tab?.close();
        return;
      }
      if (tab && !tab.closed) tab.location.replace(url);
      else win.open(url, '_blank', 'noopener');
    },
    cancel() {
      if (tab && !tab.closed) tab.close();
    },
  };
}
