import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../auth/AuthContext';
import { usePlatform } from '../platform/PlatformContext';
import { applyLiveEvent } from './dispatch';
import { eventSourceTransport, type LiveTransport } from './transport';

/**
 * Keeps the live stream open while someone is signed in (closed on sign-out) and applies its events to
 * the query cache. The stream is per user: it reopens when the user changes.
 */
export function useLiveUpdates(given?: LiveTransport): void {
  const { status, user } = useAuth();
  const { apiBaseUrl, liveTransport } = usePlatform();
  const transport = given ?? liveTransport ?? eventSourceTransport;
  const queryClient = useQueryClient();
  const userId = status === 'signedIn' ? (user?._id ?? null) : null;

  useEffect(() => {
    if (!userId) return;
    const connection = transport({ apiBaseUrl, onEvent: (name, data) => applyLiveEvent(queryClient, name, data) });
    return () => connection?.close();
  }, [userId, apiBaseUrl, queryClient, transport]);
}

/** Renders nothing: mount it once inside the signed-in layout. */
export function LiveUpdates({ transport }: { transport?: LiveTransport }) {
  useLiveUpdates(transport);
  return null;
}
