import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../auth/AuthContext';
import { useAfterPageLoad } from '../layout/useAfterPageLoad';

/** Open screens where the assistant stays away even for someone signed in (the landing page, sign-in, sign-up). */
const OPEN_SCREENS = new Set(['/', '/login', '/register', '/forgot-password', '/reset-password']);

// Its own chunk: the assistant (and the schemas its stream reader checks answers with) loads only for
// someone signed in, which keeps the landing page's JavaScript small, and once the page itself has loaded.
const Assistant = lazy(async () => ({ default: (await import('./Assistant')).Assistant }));

/** Whether this page has the assistant: the layout keeps room for its launcher (placement.ts). */
export function useAssistantShown(): boolean {
  const { status } = useAuth();
  const { pathname } = useLocation();
  return status === 'signedIn' && !OPEN_SCREENS.has(pathname);
}

/**
 * The AI assistant (SPEC.md sections 2 and 4). SPEC.md puts it on the dashboard; here it is on every
 * signed-in page, so a question never means leaving the page one is on. `slot`: the navigation bar's
 * place for the launcher, where it goes on a phone (placement.ts).
 */
export function AssistantWidget({ slot }: { slot: HTMLElement | null }) {
  const shown = useAssistantShown();
  const loaded = useAfterPageLoad(shown);
  if (!shown || !loaded) return null;
  return (
    <Suspense fallback={null}>
      <Assistant slot={slot} />
    </Suspense>
  );
}
