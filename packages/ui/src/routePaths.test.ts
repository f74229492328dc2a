import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { matchRoute, type PageName, ROUTE_PATHS } from './routePaths';

/** The table as react-router's own matching sees it (AppRoutes.tsx mounts these paths under the layout). */
const routerRoutes: RouteObject[] = [
  {
    path: '/',
    children: [
      { index: true, id: 'landing' },
      ...(Object.entries(ROUTE_PATHS) as [PageName, string][]).map(([page, path]) => ({ id: page, path })),
      { path: '*', id: 'notFound' },
    ],
  },
];
const routerPick = (pathname: string) => {
  const matched = matchRoutes(routerRoutes, pathname);
  const id = matched?.at(-1)?.route.id;
  return id === 'landing' || id === 'notFound' ? undefined : id;
};

const SAMPLES = [
  '/login',
  '/register/',
  '/dashboard',
  '/Dashboard',
  '/discussions',
  '/discussions/create',
  '/discussions/create/',
  '/discussions/abc',
  '/discussions/d%201',
  '/discussions/abc/more',
  '/community',
  '/classes',
  '/classes/create',
  '/classes/c1',
  '/classes/c1/reviews',
  '/classes/c1/other',
  '/profile',
  '/settings',
  '/forgot-password',
  '/reset-password',
  '/unsubscribe',
  '/admin',
  '/',
  '/nowhere',
];

describe('matchRoute', () => {
  it('picks the page react-router picks from the same table, for every kind of path', () => {
    for (const path of SAMPLES) expect([path, matchRoute(path)?.page]).toEqual([path, routerPick(path)]);
  });

  it('finds every page of the table at its own path, with its parameters as written', () => {
    for (const [page, path] of Object.entries(ROUTE_PATHS)) {
      const concrete = `/${path.replace(/:(\w+)/g, 'x-$1')}`;
      expect(matchRoute(concrete)?.page).toBe(page);
    }
    expect(matchRoute('/classes/c%201/reviews')).toEqual({ page: 'reviews', params: { classId: 'c%201' } });
    expect(matchRoute('/discussions/create')).toEqual({ page: 'createDiscussion', params: {} });
  });
});
