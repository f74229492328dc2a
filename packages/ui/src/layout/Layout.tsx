import { lazy, Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { AssistantWidget, useAssistantShown } from '../assistant/AssistantWidget';
import { useAuth } from '../auth/AuthContext';
import { hasEarlyStream } from '../live/earlyStream';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { RefusedNotice } from './RefusedNotice';
import { useAfterPageLoad } from './useAfterPageLoad';

// Live updates are their own chunk, loaded only for someone signed in (they check events with the
// contract's schemas, which the landing page does not need).
const LiveUpdates = lazy(async () => ({ default: (await import('../live/LiveUpdates')).LiveUpdates }));

/** Fixed navigation bar, the page, and the footer. */
export function Layout() {
  const { status } = useAuth();
  const signedIn = status === 'signedIn';
  const pageLoaded = useAfterPageLoad(signedIn);
  // While the stream the root route's loader opened keeps the events (live/earlyStream.ts), their code
  // can wait for the page; otherwise the stream opens at once, before the page's data is read.
  const live = signedIn && (pageLoaded || !hasEarlyStream());
  const assistant = useAssistantShown();
  // The router keeps the page being left on screen while the next one's code (and its loader) arrive.
  const navigating = useNavigation().state === 'loading';
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {/* Live updates (notifications, replies, posts) while someone is signed in. */}
      {live && (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      )}
      {navigating && (
        <div
          aria-hidden="true"
          className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-indigo-600 dark:bg-indigo-400"
        />
      )}
      <Navbar />
      {/* At least a screen tall: while a page's code or data loads, the footer stays below the fold, so
          the content arriving does not push it down in view (a layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 pt-16 focus:outline-none">
        <RefusedNotice />
        <Outlet />
      </main>
      <Footer roomForAssistant={assistant} />
      {/* The floating assistant, for signed-in people on every page but the open ones. */}
      <AssistantWidget />
    </div>
  );
}
