import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useEffect, useRef, useState } from 'react';
import { createBrowserRouter, createHashRouter, RouterProvider } from 'react-router';
import { READ_RETRY_DELAY_MS, shouldRetryRead } from './api/retryPolicy';
import { createSessionApi } from './auth/sessionCheck';
import { PlatformProvider } from './platform/PlatformContext';
import type { Platform } from './platform/platform';
import { createRoutes } from './routes';
import { ThemeProvider } from './theme/ThemeProvider';

// The toasts' container (and react-hot-toast) is a chunk of its own, loaded as the app mounts: no page
// needs it for its first paint (layout/lazyToast.ts).
const AppToaster = lazy(async () => ({ default: (await import('./layout/AppToaster')).AppToaster }));

export type RouterKind = 'browser' | 'hash';

export interface AppProps {
  platform: Platform;
  /** `browser` for the web (real paths, served by the API server); `hash` for the desktop app's file origin. */
  router?: RouterKind;
}

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryRead,
        retryDelay: READ_RETRY_DELAY_MS,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The whole Mentora UI. Each shell (web, desktop) mounts it with its own Platform. */
export function App({ platform, router: kind = 'browser' }: AppProps) {
  const [queryClient] = useState(createQueryClient);
  // Created with the app, the router runs the loaders of the page being opened at once: the session
  // check and the page's first request leave while its code downloads (routes.tsx).
  const [router] = useState(() => {
    const routes = createRoutes({ queryClient, session: createSessionApi(platform), platform });
    return kind === 'hash' ? createHashRouter(routes) : createBrowserRouter(routes);
  });
  // An app unmounted for good (the desktop's, on a new server address) stops listening to the address bar.
  // Later, not in the clean-up: StrictMode unmounts and mounts again at once in development.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (!mounted.current) router.dispose();
      }, 0);
    };
  }, [router]);
  return (
    <StrictMode>
      <PlatformProvider platform={platform}>
        <ThemeProvider>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
            <Suspense fallback={null}>
              <AppToaster />
            </Suspense>
          </QueryClientProvider>
        </ThemeProvider>
      </PlatformProvider>
    </StrictMode>
  );
}
