import type { ModerationQueueResponse } from '@mentora/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { ApiContext } from '../api/ApiContext';
import { useAuth } from '../auth/AuthContext';
import { isAdmin } from '../auth/roles';
import { usePlatform } from '../platform/PlatformContext';
import { applyLiveEvent } from './dispatch';
import { createModerationAlerts } from './moderationAlerts';
import { eventSourceTransport, type LiveTransport } from './transport';

/**
 * Keeps the live stream open while someone is signed in (closed on sign-out) and applies its events to
 * the query cache. The stream is per user: it reopens when the user changes.
 */
export function useLiveUpdates(given?: LiveTransport): void {
  const { status, user } = useAuth();
  const { apiBaseUrl, liveTransport, attention } = usePlatform();
  const api = useContext(ApiContext);
  const transport = given ?? liveTransport ?? eventSourceTransport;
  const queryClient = useQueryClient();
  const userId = status === 'signedIn' ? (user?._id ?? null) : null;
  // Only admins get the review queue's events; only the desktop shows its count outside the page.
  const queueAlerts = attention !== undefined && isAdmin(user?.role);

  useEffect(() => {
    if (!userId) return;
    const alerts = queueAlerts ? createModerationAlerts(attention) : undefined;
    const connection = transport({
      apiBaseUrl,
      onEvent: (name, data) => applyLiveEvent(queryClient, name, data, alerts),
    });
    // The count before any change, for the badge at once and to tell the first event's rise.
    const controller = new AbortController();
    if (alerts && api) {
      api
        .get<ModerationQueueResponse>('/moderation/queue', { params: { limit: 1 }, signal: controller.signal })
        .then(({ data }) => {
          if (typeof data?.openCount === 'number') alerts.seed(data.openCount);
        })
        .catch(() => {
          // The badge then appears with the next change of the queue.
        });
    }
    return () => {
      controller.abort();
      connection?.close();
      alerts?.reset();
    };
  }, [userId, apiBaseUrl, queryClient, transport, queueAlerts, attention, api]);
}

/** Renders nothing: mount it once inside the signed-in layout. */
export function LiveUpdates({ transport }: { transport?: LiveTransport }) {
  useLiveUpdates(transport);
  return null;
}
