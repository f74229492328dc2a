import { useEffect } from 'react';

// Whether the page is still getting its first screen ready: its code downloading (the route's fallback
// is on screen) or its data waiting to be rendered. The signed-in shell loads its own extras only after
// (layout/useAfterPageLoad.ts).

let busy = 0;
const listeners = new Set<() => void>();

function change(by: number): void {
  busy += by;
  for (const listener of listeners) listener();
}

/** Marks the page as busy while `active` (and the calling component is mounted). */
export function useMarkPageBusy(active = true): void {
  useEffect(() => {
    if (!active) return;
    change(1);
    return () => change(-1);
  }, [active]);
}

/** True while some page marks itself busy. */
export function isPageBusy(): boolean {
  return busy > 0;
}

/** Calls `listener` at each change of the busy marks; returns the unsubscribe. */
export function subscribePageBusy(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
