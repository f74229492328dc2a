import { useDeferredValue } from 'react';
import { useMarkPageBusy } from './pageBusy';

/**
 * `value`, except when it first arrives: undefined until React has rendered it in the background (a
 * deferred render is done in slices, so a long list does not become one long task that keeps the page
 * from answering a tap). Later changes (a like, a deletion, the next page) show at once, as before.
 * Meanwhile the page counts as busy (pageBusy.ts).
 */
export function useDeferredArrival<T>(value: T | undefined): T | undefined {
  const deferred = useDeferredValue(value);
  const shown = deferred === undefined ? undefined : value;
  useMarkPageBusy(value !== undefined && shown === undefined);
  return shown;
}
