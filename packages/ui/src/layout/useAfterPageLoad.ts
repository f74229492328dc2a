import { notifyManager, useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { isPageBusy, subscribePageBusy } from '../components/pageBusy';

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
 * False until the page's code has arrived, its requests have settled, what they brought is on screen
 * (components/pageBusy.ts) and painted, and the browser is idle (or a few seconds have passed), then
 * true for good: what the signed-in shell adds to every page (the notification bell, the assistant, the
 * live updates' code) loads after the page's content, rather than competing with it for the network
 * and the CPU.
 *
 * Its component renders twice: false, then true. The watching is done outside React (requests starting
 * and ending re-render nothing), and the switch to true is a transition: the shell's top components
 * (auth, layout, navbar) use this, and their re-render with what they add is done in slices that leave
 * the main thread free between them, not in one long task.
 */
export function useAfterPageLoad(active: boolean): boolean {
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!active || done) return;
    const finish = () => startTransition(() => setDone(true));
    let waitedEnough = false;
    let stopped = false;
    let cancelWait: (() => void) | undefined;
    const check = () => {
      // A batched notice can come after the clean-up.
      if (stopped) return;
      const busy = !waitedEnough && (queryClient.isFetching() > 0 || isPageBusy());
      if (busy) {
        cancelWait?.();
        cancelWait = undefined;
      } else {
        cancelWait ??= afterPaintWhenIdle(finish);
      }
    };
    const stopQueries = queryClient.getQueryCache().subscribe(notifyManager.batchCalls(check));
    const stopBusy = subscribePageBusy(check);
    const maxWait = window.setTimeout(() => {
      waitedEnough = true;
      check();
    }, AFTER_PAGE_LOAD_MAX_WAIT_MS);
    check();
    return () => {
      stopped = true;
      stopQueries();
      stopBusy();
      window.clearTimeout(maxWait);
      cancelWait?.();
    };
  }, [active, done, queryClient]);

  return done;
}
