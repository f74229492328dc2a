import type { Express } from 'express';

// Every API call the app really mounts, read from Express's own router (router 2.3's public
// listRoutes(), recursing into mounted routers), so tests that must cover every call cannot miss a
// new one.

interface RouteInfo {
  path: string | RegExp;
  methods: string[] | undefined;
  router: ListableRouter | undefined;
}
interface ListableRouter {
  listRoutes?: () => RouteInfo[];
}

function join(prefix: string, path: string): string {
  const joined = `${prefix}/${path}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

function walk(router: ListableRouter, prefix: string, out: Set<string>): void {
  if (typeof router.listRoutes !== 'function') {
    throw new Error('router.listRoutes() is missing: the route listing needs router 2.3 or later (Express 5)');
  }
  for (const route of router.listRoutes()) {
    // A pattern route (the web app's catch-all) has no fixed path to name; none is allowed under /api.
    const path = typeof route.path === 'string' ? join(prefix, route.path) : `${prefix}${String(route.path)}`;
    if (route.router) walk(route.router, path, out);
    // HEAD is Express's automatic twin of each GET.
    for (const method of route.methods ?? []) if (method !== 'HEAD') out.add(`${method} ${path}`);
  }
}

/** "METHOD /api/path/:param" for every route under /api, sorted. */
export function listApiRoutes(app: Express): string[] {
  const all = new Set<string>();
  walk((app as unknown as { router: ListableRouter }).router, '', all);
  return [...all].filter((route) => / \/api(\/|$)/.test(route)).sort();
}
