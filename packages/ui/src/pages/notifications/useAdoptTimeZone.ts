import { useEffect } from 'react';
import { useAuth } from '../../auth/AuthContext';
import { viewerTimeZone } from '../../components/formatters';
import { usePlatform } from '../../platform/PlatformContext';
import { useNotificationPreferences, useSavePreferences } from './preferencesQueries';

/**
 * Marks, per person on this browser, that their zone was looked at: one request on a new device only (the
 * desktop app keeps the mark for the run of the app: its store keeps only the token and the theme).
 */
const adoptedKey = (userId: string) => `mentora.digestZone.${userId}`;

/**
 * The daily digest keeps the zone of the person's browser until they choose one in Settings: the first
 * time someone is signed in on a browser, their zone is stored if none is yet.
 */
export function useAdoptTimeZone(): void {
  const { status, user } = useAuth();
  const { storage } = usePlatform();
  const userId = status === 'signedIn' ? (user?._id ?? null) : null;
  const pending = userId !== null && storage.get(adoptedKey(userId)) === null;
  const preferences = useNotificationPreferences(pending);
  const save = useSavePreferences();
  const { mutate } = save;

  useEffect(() => {
    if (!userId || !pending || !preferences.data) return;
    const zone = viewerTimeZone();
    storage.set(adoptedKey(userId), zone ?? 'unknown');
    if (preferences.data.timeZone === null && zone) mutate({ timeZone: zone });
  }, [userId, pending, preferences.data, mutate, storage]);
}
