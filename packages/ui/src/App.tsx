import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { BrowserRouter, HashRouter } from 'react-router';
import { AppRoutes } from './AppRoutes';
import { errorStatus } from './api/errors';
import { AuthProvider } from './auth/AuthProvider';
import { AppToaster } from './layout/AppToaster';
import { ScrollToTop } from './layout/ScrollToTop';
import { PlatformProvider } from './platform/PlatformContext';
import type { Platform } from './platform/platform';
import { ThemeProvider } from './theme/ThemeProvider';

export type RouterKind = 'browser' | 'hash';

export interface AppProps {
  platform: Platform;
  /** `browser` for the web (real paths, served by the API server); `hash` for the desktop app's file origin. */
  router?: RouterKind;
}

const MAX_RETRIES = 2;

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer will not change by asking again; network trouble and 5xx might.
        retry: (failures, error) => {
          const status = errorStatus(error);
          return failures < MAX_RETRIES && (status === undefined || status >= 500);
        },
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The whole Mentora UI. Each shell (web, desktop) mounts it with its own Platform. */
export function App({ platform, router = 'browser' }: AppProps) {
  const [queryClient] = useState(createQueryClient);
  const Router = router === 'hash' ? HashRouter : BrowserRouter;
  return (
    <StrictMode>
      <PlatformProvider platform={platform}>
        <ThemeProvider>
          <QueryClientProvider client={queryClient}>
            <Router>
              <ScrollToTop />
              <AuthProvider>
                <AppRoutes />
              </AuthProvider>
            </Router>
            <AppToaster />
          </QueryClientProvider>
        </ThemeProvider>
      </PlatformProvider>
    </StrictMode>
  );
}
