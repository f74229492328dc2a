import { MESSAGES, type ResolveModerationRequest } from '@mentora/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/errors';
import { useResolve } from './queries';

/** How long a dismiss or hide waits for an Undo before it is sent. */
export const UNDO_MS = 5_000;

interface Pending {
  timer: ReturnType<typeof setTimeout>;
  body: ResolveModerationRequest;
}

/**
 * Undo for dismiss and hide. A resolution is final on the server (a resolved entry cannot reopen), so the
 * request waits UNDO_MS while the toast offers Undo: the entry leaves the list at once, Undo puts it back
 * and nothing was sent. Leaving the tab sends whatever is still waiting, so no decision is lost that way
 * (closing the window within those seconds does lose it: the entry simply stays open).
 */
export function useDelayedResolve(onError: (message: string) => void) {
  const resolve = useResolve();
  const pending = useRef(new Map<string, Pending>());
  const [waiting, setWaiting] = useState<ReadonlySet<string>>(new Set());
  const { mutate } = resolve;

  const forget = useCallback((entryId: string) => {
    pending.current.delete(entryId);
    setWaiting(new Set(pending.current.keys()));
  }, []);

  const send = useCallback(
    (entryId: string, body: ResolveModerationRequest, onDone?: () => void) => {
      mutate(
        { entryId, body },
        {
          onSuccess: () => onDone?.(),
          onSettled: () => forget(entryId),
          onError: (error) => onError(errorMessage(error, MESSAGES.admin.resolveFailed)),
        },
      );
    },
    [mutate, forget, onError],
  );

  /** Waits UNDO_MS, then resolves; until then `undo(entryId)` takes it back. */
  const later = useCallback(
    (entryId: string, body: ResolveModerationRequest) => {
      const timer = setTimeout(() => send(entryId, body), UNDO_MS);
      pending.current.set(entryId, { timer, body });
      setWaiting(new Set(pending.current.keys()));
    },
    [send],
  );

  const undo = useCallback(
    (entryId: string) => {
      const item = pending.current.get(entryId);
      if (!item) return;
      clearTimeout(item.timer);
      forget(entryId);
    },
    [forget],
  );

  // Leaving the tab (or the page within the app) sends what is waiting rather than dropping it.
  useEffect(() => {
    const map = pending.current;
    return () => {
      for (const [entryId, { timer, body }] of map) {
        clearTimeout(timer);
        mutate({ entryId, body });
      }
      map.clear();
    };
  }, [mutate]);

  return { later, now: send, undo, waiting, busy: resolve.isPending };
}
