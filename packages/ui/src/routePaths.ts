import type { pageModules } from './pages/pageModules';

// The one table of where each page lives: AppRoutes.tsx mounts the pages at these paths, and the boot
// script (boot.ts) finds the page being opened with matchRoute, so the two can never disagree. No
// React and no router here: the boot script must stay a few hundred bytes.

export type PageName = keyof typeof pageModules;

/** Each page's path under the layout, as react-router writes it (`:name` is a parameter). */
export const ROUTE_PATHS = {
  login: 'login',
  register: 'register',
  dashboard: 'dashboard',
  discussions: 'discussions',
  createDiscussion: 'discussions/create',
  discussionDetail: 'discussions/:id',
  community: 'community',
  classes: 'classes',
  createClass: 'classes/create',
  classDetail: 'classes/:id',
  editClass: 'classes/:id/edit',
  classRoster: 'classes/:id/roster',
  classInsight: 'classes/:id/insight',
  reviews: 'classes/:classId/reviews',
  profile: 'profile',
  settings: 'settings',
  forgotPassword: 'forgot-password',
  resetPassword: 'reset-password',
  unsubscribe: 'unsubscribe',
  admin: 'admin',
} as const satisfies Record<PageName, string>;

export interface RouteMatch {
  page: PageName;
  /** The path's parameters, as they appear in it (not decoded). */
  params: Record<string, string>;
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

/**
 * The routes in the order react-router ranks them: a static segment outranks a parameter, so that
 * /discussions/create is the form, not a discussion called "create".
 */
const RANKED = (Object.entries(ROUTE_PATHS) as [PageName, string][])
  .map(([page, path]) => ({ page, segments: segmentsOf(path) }))
  .map((route) => ({ ...route, score: route.segments.reduce((sum, s) => sum + (s.startsWith(':') ? 3 : 10), 0) }))
  .sort((a, b) => b.score - a.score);

/** The page AppRoutes shows at `pathname` (static segments compared as the router does, ignoring case). */
export function matchRoute(pathname: string): RouteMatch | undefined {
  const segments = segmentsOf(pathname);
  for (const route of RANKED) {
    if (route.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = route.segments.every((expected, i) => {
      const actual = segments[i] as string;
      if (expected.startsWith(':')) {
        params[expected.slice(1)] = actual;
        return true;
      }
      return expected.toLowerCase() === actual.toLowerCase();
    });
    if (matches) return { page: route.page, params };
  }
  return undefined;
}
