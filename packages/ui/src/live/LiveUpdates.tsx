import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useAuth } from '../auth/AuthContext';
import { isAdmin } from '../auth/roles';
import { useOpenCount } from '../pages/admin/moderation/queries';
import { useAdoptTimeZone } from '../pages/notifications/useAdoptTimeZone';
import { usePlatform } from '../platform/PlatformContext';
import { applyLiveEvent } from './dispatch';
import { createModerationAlerts } from './moderationAlerts';
import { eventSourceTransport, type LiveTransport } from './transport';

const STANDING_KINDS: readonly string[] = ['silenced', 'sanction_lifted'];
const changesStanding = (data: unknown) =>
  STANDING_KINDS.includes(String((data as { notification?: { kind?: unknown } } | null)?.notification?.kind));

/**
 * Keeps the live stream open while someone is signed in (closed on sign-out) and applies its events to
 * the query cache. The stream is per user: it reopens when the user changes.
 */
export function useLiveUpdates(given?: LiveTransport): void {
  const { status, user, refreshProfile } = useAuth();
  const { apiBaseUrl, liveTransport, attention } = usePlatform();
  const transport = given ?? liveTransport ?? eventSourceTransport;
  const queryClient = useQueryClient();
  const userId = status === 'signedIn' ? (user?._id ?? null) : null;
  // Only admins get the review queue's events; only the desktop shows its count outside the page.
  const queueAlerts = attention !== undefined && isAdmin(user?.role) && userId !== null;

  useEffect(() => {
    if (!userId) return;
    const connection = transport({
      apiBaseUrl,
      onEvent: (name, data) => {
        applyLiveEvent(queryClient, name, data);
        // A silence imposed or lifted: the forms it closes say so (auth/silence.ts) from the new profile.
        if (name === 'notification' && changesStanding(data)) void refreshProfile();
      },
    });
    return () => connection?.close();
  }, [userId, apiBaseUrl, queryClient, transport, refreshProfile]);

  // The badge and the OS notification follow the same open count as the Admin link and the Moderation
  // tab: one query, one request, whatever changes it (a live event, the admin's own decision).
  const openCount = useOpenCount(queueAlerts).data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new person (userId) starts from a cleared badge.
  const alerts = useMemo(
    () => (queueAlerts ? createModerationAlerts(attention) : undefined),
    [queueAlerts, attention, userId],
  );
  useEffect(() => () => alerts?.reset(), [alerts]);
  useEffect(() => {
    if (openCount !== undefined) alerts?.onCount(openCount);
  }, [alerts, openCount]);
}

/**
 * Renders nothing: mount it once inside the signed-in layout. It also gives the daily digest this
 * browser's time zone the first time someone signs in here (notifications/useAdoptTimeZone.ts).
 */
export function LiveUpdates({ transport }: { transport?: LiveTransport }) {
  useLiveUpdates(transport);
  useAdoptTimeZone();
  return null;
}
