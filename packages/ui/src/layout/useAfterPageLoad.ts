import { notifyManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { usePageBusy } from '../components/pageBusy';

/** However long a page's requests take, the extras come after this long at the latest. */
export const AFTER_PAGE_LOAD_MAX_WAIT_MS = 3000;

/** How long to wait for the browser to report the page's paint before going on without it. */
const PAINT_WAIT_MS = 1000;

/**
 * Runs `run` once what was just rendered has been painted, in the first idle moment after: the paint is
 * the next largest-contentful-paint entry the browser reports (or, where it does not, two frames later);
 * returns a cancel.
 */
function afterPaintWhenIdle(run: () => void): () => void {
  const cancels: Array<() => void> = [];
  let settled = false;
  const idle = () => {
    if (settled) return;
    settled = true;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run);
      cancels.push(() => window.cancelIdleCallback(id));
    } else {
      const id = window.setTimeout(run, 0);
      cancels.push(() => window.clearTimeout(id));
    }
  };
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
  ) {
    const since = performance.now();
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= since)) idle();
    });
    observer.observe({ type: 'largest-contentful-paint' });
    cancels.push(() => observer.disconnect());
    const id = window.setTimeout(idle, PAINT_WAIT_MS);
    cancels.push(() => window.clearTimeout(id));
  } else {
    const first = window.requestAnimationFrame(() => {
      const second = window.requestAnimationFrame(idle);
      cancels.push(() => window.cancelAnimationFrame(second));
    });
    cancels.push(() => window.cancelAnimationFrame(first));
  }
  return () => {
    for (const cancel of cancels) cancel();
  };
}

/**
 * Whether any query is fetching, while `watching` (false when not). A boolean, unlike `useIsFetching`'s
 * count: the shell's top components (auth, layout, navbar) re-render when it flips, not at each request
 * that starts or ends, and not at all once they stop watching.
 */
function useAnyFetching(watching: boolean): boolean {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) =>
      watching ? queryClient.getQueryCache().subscribe(notifyManager.batchCalls(onChange)) : () => {},
    [queryClient, watching],
  );
  return useSyncExternalStore(
    subscribe,
    () => watching && queryClient.isFetching() > 0,
    () => false,
  );
}

/**
 * False until the page's code has arrived, its requests have settled, what they brought is on screen
 * (components/pageBusy.ts) and painted, and the browser is idle (or a few seconds have passed), then
 * true for good: what the signed-in shell adds to every page (the notification bell, the assistant, the
 * live updates' code) loads after the page's content, rather than competing with it for the network
 * and the CPU.
 */
export function useAfterPageLoad(active: boolean): boolean {
  const [done, setDone] = useState(false);
  const [waitedEnough, setWaitedEnough] = useState(false);
  const watching = active && !done && !waitedEnough;
  const fetching = useAnyFetching(watching);
  const pageBusy = usePageBusy(watching);
  const busy = fetching || pageBusy;

  useEffect(() => {
    if (!active || done) return;
    const id = window.setTimeout(() => setWaitedEnough(true), AFTER_PAGE_LOAD_MAX_WAIT_MS);
    return () => window.clearTimeout(id);
  }, [active, done]);

  useEffect(() => {
    if (!active || done || busy) return;
    return afterPaintWhenIdle(() => setDone(true));
  }, [active, done, busy]);

  return done;
}
