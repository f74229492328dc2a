// The web Platform (DESIGN.md "Platform seam"): localStorage, and new tabs for outside links.
import { openTabLater, type Platform } from '@mentora/ui';

export const webPlatform: Platform = {
  kind: 'web',
  apiBaseUrl: '/api',
  storage: {
    get: (key) => window.localStorage.getItem(key),
    set: (key, value) => window.localStorage.setItem(key, value),
    remove: (key) => window.localStorage.removeItem(key),
  },
  openExternal: (url) => {
    window.open(url, '_blank', 'noopener');
  },
  // A blank tab in the click, pointed at the URL when the API answers: popup blockers let it through.
  openExternalLater: () => openTabLater(window),
};
