import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { type LoaderFunctionArgs, Outlet, type RouteObject } from 'react-router';
import { AuthProvider } from './auth/AuthProvider';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth, RequireMentor } from './auth/guards';
import { type SessionApi, sessionCheckOptions, storedToken } from './auth/sessionCheck';
import { FullScreenSpinner } from './components/Spinner';
import { Layout } from './layout/Layout';
import { ScrollToTop } from './layout/ScrollToTop';
import { openEarlyStream } from './live/earlyStream';
import { classListOptions, classListParamsFrom } from './pages/classes/listRequest';
import { communityListOptions, linkedSearchOf } from './pages/community/listRequest';
import { discussionOptions } from './pages/discussions/detailRequest';
import { LandingPage } from './pages/landing/LandingPage';
import type { Platform } from './platform/platform';
import { ROUTE_PATHS } from './routePaths';

/** What the routes' loaders start their requests with: the app's query cache and api client. */
export interface RouteContext {
  queryClient: QueryClient;
  session: SessionApi;
  platform: Platform;
}

/**
 * A loader that starts a signed-in page's first query, when a token is stored (otherwise the page's
 * guard sends to /login and there is nothing to ask). It does not wait for the answer: the router then
 * shows the page as soon as its code has arrived, and the page shows its own loading state and errors,
 * as its query finds the request already under way (or answered) and does not ask again.
 */
function startsForSignedIn(context: RouteContext, start: (args: LoaderFunctionArgs) => Promise<unknown> | undefined) {
  return (args: LoaderFunctionArgs) => {
    if (storedToken(context.platform)) start(args)?.catch(() => {});
    return null;
  };
}

/**
 * A page's code, as a route's `lazy`. Asked for a task later than the router asks, which is when it
 * runs the loaders: their requests (the session check, the page's first query) then leave before the
 * page's chunk and the chunks it imports, which would otherwise take the browser's few connections per
 * server (HTTP/1.1) first and make the page's data wait behind them.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { Component: (await load())[name] };
  };
}

/** The app's shell: scroll reset, auth state and the layout around every page. */
function Shell({ session }: { session: SessionApi }) {
  return (
    <>
      <ScrollToTop />
      <AuthProvider session={session}>
        <Layout />
      </AuthProvider>
    </>
  );
}

/**
 * Every screen of SPEC.md section 2, with the guards of section 6 and the deliberate additions of
 * DESIGN.md. Every page but the landing page is its own chunk (`lazy`), loaded when first visited, and
 * the pages that open with a request start it from their loader, alongside their chunk.
 */
export function createRoutes(context: RouteContext): RouteObject[] {
  const { queryClient, session, platform } = context;
  const api = session.client;
  return [
    {
      id: 'root',
      element: <Shell session={session} />,
      hydrateFallbackElement: <FullScreenSpinner />,
      // Once, as the app opens: the session check, and the live stream with it, so that nothing that
      // happens after the page's data was read is missed while the live updates' code is on its way
      // (a shell with a transport of its own, the desktop, opens its own).
      loader: () => {
        if (storedToken(platform)) {
          queryClient.ensureQueryData(sessionCheckOptions(api)).catch(() => {});
          if (!platform.liveTransport) openEarlyStream(platform.apiBaseUrl);
        }
        return null;
      },
      shouldRevalidate: () => false,
      children: [
        {
          index: true,
          element: (
            <RedirectIfSignedIn>
              <LandingPage />
            </RedirectIfSignedIn>
          ),
        },
        {
          element: (
            <RedirectIfSignedIn>
              <Outlet />
            </RedirectIfSignedIn>
          ),
          children: [
            { path: ROUTE_PATHS.login, lazy: page(() => import('./pages/auth/LoginPage'), 'LoginPage') },
            {
              path: ROUTE_PATHS.register,
              lazy: page(() => import('./pages/auth/RegisterPage'), 'RegisterPage'),
            },
          ],
        },
        {
          element: (
            <RequireAuth>
              <Outlet />
            </RequireAuth>
          ),
          children: [
            {
              path: ROUTE_PATHS.dashboard,
              lazy: page(() => import('./pages/dashboard/DashboardPage'), 'DashboardPage'),
            },
            {
              path: ROUTE_PATHS.discussions,
              lazy: page(() => import('./pages/discussions/DiscussionsPage'), 'DiscussionsPage'),
            },
            {
              path: ROUTE_PATHS.createDiscussion,
              lazy: page(() => import('./pages/discussions/CreateDiscussionPage'), 'CreateDiscussionPage'),
            },
            {
              path: ROUTE_PATHS.discussionDetail,
              loader: startsForSignedIn(context, ({ params }) =>
                params.id ? queryClient.ensureQueryData(discussionOptions(api, params.id)) : undefined,
              ),
              lazy: page(() => import('./pages/discussions/DiscussionDetailPage'), 'DiscussionDetailPage'),
            },
            {
              path: ROUTE_PATHS.community,
              loader: startsForSignedIn(context, ({ request }) => {
                const search = linkedSearchOf(new URL(request.url).search).trim();
                return queryClient.ensureInfiniteQueryData(communityListOptions(api, { search: search || undefined }));
              }),
              lazy: page(() => import('./pages/community/CommunityPage'), 'CommunityPage'),
            },
            {
              path: ROUTE_PATHS.classes,
              loader: startsForSignedIn(context, ({ request }) => {
                const query = new URL(request.url).searchParams;
                // "Created" is for mentors only, which only the session check will tell.
                if (query.get('filter') === 'created') return undefined;
                return queryClient.ensureInfiniteQueryData(classListOptions(api, classListParamsFrom(query, false)));
              }),
              lazy: page(() => import('./pages/classes/ClassesPage'), 'ClassesPage'),
            },
            {
              path: ROUTE_PATHS.classDetail,
              lazy: page(() => import('./pages/classes/ClassDetailPage'), 'ClassDetailPage'),
            },
            // Its mentor only (the page says so to anyone else, as the server would).
            {
              path: ROUTE_PATHS.editClass,
              lazy: page(() => import('./pages/classes/EditClassPage'), 'EditClassPage'),
            },
            // Its mentor and admins.
            {
              path: ROUTE_PATHS.classRoster,
              lazy: page(() => import('./pages/classes/roster/ClassRosterPage'), 'ClassRosterPage'),
            },
            {
              path: ROUTE_PATHS.classInsight,
              lazy: page(() => import('./pages/classes/insight/ClassInsightPage'), 'ClassInsightPage'),
            },
            {
              path: ROUTE_PATHS.profile,
              lazy: page(() => import('./pages/profile/ProfilePage'), 'ProfilePage'),
            },
            {
              path: ROUTE_PATHS.settings,
              lazy: page(() => import('./pages/settings/SettingsPage'), 'SettingsPage'),
            },
            {
              path: ROUTE_PATHS.notifications,
              lazy: page(() => import('./pages/notifications/NotificationsPage'), 'NotificationsPage'),
            },
          ],
        },
        {
          element: (
            <RequireMentor>
              <Outlet />
            </RequireMentor>
          ),
          children: [
            {
              path: ROUTE_PATHS.createClass,
              lazy: page(() => import('./pages/classes/CreateClassPage'), 'CreateClassPage'),
            },
          ],
        },
        // No guard (SPEC.md section 2): signed out, the page itself offers to sign in.
        {
          path: ROUTE_PATHS.reviews,
          lazy: page(() => import('./pages/reviews/ReviewsPage'), 'ReviewsPage'),
        },
        // Open. Signed in, /forgot-password sends to /settings; a reset link still works (it signs out after).
        {
          path: ROUTE_PATHS.forgotPassword,
          lazy: page(() => import('./pages/auth/ForgotPasswordPage'), 'ForgotPasswordPage'),
        },
        {
          path: ROUTE_PATHS.resetPassword,
          lazy: page(() => import('./pages/auth/ResetPasswordPage'), 'ResetPasswordPage'),
        },
        // Open: an email's link, signed for one person and one topic, needs no sign-in.
        {
          path: ROUTE_PATHS.unsubscribe,
          lazy: page(() => import('./pages/notifications/UnsubscribePage'), 'UnsubscribePage'),
        },
        {
          element: (
            <RequireAdmin>
              <Outlet />
            </RequireAdmin>
          ),
          children: [
            {
              path: ROUTE_PATHS.admin,
              lazy: page(() => import('./pages/admin/AdminPage'), 'AdminPage'),
            },
          ],
        },
        { path: '*', lazy: page(() => import('./pages/NotFoundPage'), 'NotFoundPage') },
      ],
    },
  ];
}
