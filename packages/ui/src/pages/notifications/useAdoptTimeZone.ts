import { useEffect } from 'react';
import { useAuth } from '../../auth/AuthContext';
import { browserTimeZone, useNotificationPreferences, useSavePreferences } from './preferencesQueries';

/** Marks, per person on this browser, that their zone was looked at: one request on a new device only. */
const adoptedKey = (userId: string) => `mentora.digestZone.${userId}`;

/**
 * The daily digest keeps the zone of the person's browser until they choose one in Settings: the first
 * time someone is signed in on a browser, their zone is stored if none is yet.
 */
export function useAdoptTimeZone(): void {
  const { status, user } = useAuth();
  const userId = status === 'signedIn' ? (user?._id ?? null) : null;
  const pending = userId !== null && readFlag(adoptedKey(userId)) === null;
  const preferences = useNotificationPreferences(pending);
  const save = useSavePreferences();
  const { mutate } = save;

  useEffect(() => {
    if (!userId || !pending || !preferences.data) return;
    const zone = browserTimeZone();
    writeFlag(adoptedKey(userId), zone ?? 'unknown');
    if (preferences.data.timeZone === null && zone) mutate({ timeZone: zone });
  }, [userId, pending, preferences.data, mutate]);
}

function readFlag(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return 'unavailable';
  }
}

function writeFlag(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the zone is looked at again next time, which is harmless.
  }
}
