// `@mentora/ui/boot`: what a shell's boot script starts while the app's own JavaScript is still on its
// way. Without it, a signed-in page waits on a chain: the app's code, then the session check, then the
// page's chunk, then its data. Here the page's chunk, the session check and the page's first request all
// leave at once; the app takes their answers when it asks
// (api/earlyAnswers.ts, pages/pageModules.ts). No React here: this must stay a few hundred bytes.
import { STORAGE_KEYS } from '@mentora/contract';
import { startEarlyGet } from './api/earlyAnswers';
import { openEarlyStream } from './live/earlyStream';
import { classListParamsFrom, classListQuery } from './pages/classes/listRequest';
import { communityPageQuery } from './pages/community/listRequest';
import { discussionPath } from './pages/discussions/detailRequest';
import { pageModules } from './pages/pageModules';
import type { Platform } from './platform/platform';
import { matchRoute, type PageName } from './routePaths';

/** The page being opened: `window.location` will do. */
export interface BootLocation {
  pathname: string;
  search: string;
}

interface EarlyPage {
  /** `signedOut`: only worth starting without a token (the page sends signed-in people elsewhere). */
  who: 'signedIn' | 'signedOut' | 'anyone';
  /** The API paths (with their query) the page asks for first, as its queries do. */
  data?: (params: Record<string, string>, query: URLSearchParams) => string[];
}

/** A path with the query axios would send for `params` (undefined values left out). */
function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

function decoded(segment: string | undefined): string | null {
  try {
    return segment === undefined ? null : decodeURIComponent(segment);
  } catch {
    return null;
  }
}

// The pages worth starting early (found by the routes' own table, routePaths.ts): each page's chunk,
// and the first request of the pages whose first request does not depend on who is signed in.
const EARLY_PAGES: Partial<Record<PageName, EarlyPage>> = {
  login: { who: 'signedOut' },
  register: { who: 'signedOut' },
  dashboard: { who: 'signedIn' },
  classes: {
    who: 'signedIn',
    // "Created" is for mentors only, which only the session check will tell.
    data: (_, query) =>
      query.get('filter') === 'created'
        ? []
        : [withQuery('/classes', classListQuery(classListParamsFrom(query, false), null))],
  },
  community: { who: 'signedIn', data: () => [withQuery('/community', communityPageQuery({}, undefined))] },
  discussions: { who: 'signedIn' },
  discussionDetail: {
    who: 'signedIn',
    data: (params) => {
      const id = decoded(params.id);
      return id ? [discussionPath(id)] : [];
    },
  },
};

/** The API path of the session check. */
export const PROFILE_PATH = '/auth/profile';

/**
 * Starts what the page at `location` will need first, with the platform's stored token and API address;
 * returns the API paths it asked for.
 */
export function bootEarly(
  platform: Pick<Platform, 'apiBaseUrl' | 'storage' | 'liveTransport'>,
  { pathname, search }: BootLocation,
  fetchImpl: typeof fetch = fetch,
): string[] {
  const base = platform.apiBaseUrl.replace(/\/+$/, '');
  const token = platform.storage.get(STORAGE_KEYS.token);
  const signedIn = token !== null && token !== '';
  const match = matchRoute(pathname);
  const early = match && EARLY_PAGES[match.page];
  const wanted = early && early.who !== (signedIn ? 'signedOut' : 'signedIn') ? early : undefined;
  const started: string[] = [];
  if (signedIn) {
    // The requests first: the browser opens only a few connections at a time, and the page's data is
    // what its largest paint waits for longest.
    started.push(
      PROFILE_PATH,
      ...(wanted?.data && match ? wanted.data(match.params, new URLSearchParams(search)) : []),
    );
    for (const path of started) startEarlyGet(`${base}${path}`, token, fetchImpl);
    // The live stream opens with them, so nothing that happens after the page's data was read is missed
    // (a shell with a transport of its own, the desktop, opens its own).
    if (!platform.liveTransport) openEarlyStream(platform.apiBaseUrl);
  }
  if (wanted && match) void pageModules[match.page]().catch(() => {});
  return started;
}
