import type { Silence } from '@mentora/contract';
import { useContext, useEffect, useState } from 'react';
import { AuthContext } from './AuthContext';

/**
 * The `silence` of the start-up profile, when it has that shape; otherwise none. Read by hand, as the
 * start-up signs in before the contract's schemas arrive (AuthProvider); later answers are parsed.
 */
export function silenceIn(answer: unknown): Silence | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const silence = (answer as { silence?: unknown }).silence;
  if (typeof silence !== 'object' || silence === null) return null;
  const { reason, endsAt } = silence as Record<string, unknown>;
  return typeof reason === 'string' && typeof endsAt === 'string' && !Number.isNaN(Date.parse(endsAt))
    ? { reason, endsAt }
    : null;
}

/** setTimeout's longest wait (about 24.8 days): a longer silence is looked at again then. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/**
 * The silence in force on the signed-in person's account, or null: forms they cannot use say so and
 * are disabled. It ends by itself at its end time (this re-renders then); an admin lifting or imposing
 * one reaches here through the notification that tells the person (live/LiveUpdates.tsx).
 */
export function useSilence(): Silence | null {
  // Outside the app's auth state (a form shown on its own) nobody is silenced.
  const silence = useContext(AuthContext)?.silence ?? null;
  const [now, setNow] = useState(() => Date.now());
  const endsAt = silence ? Date.parse(silence.endsAt) : 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` re-arms the timer after a wait shorter than the silence.
  useEffect(() => {
    if (!endsAt || endsAt <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(endsAt - Date.now() + 50, LONGEST_WAIT_MS));
    return () => clearTimeout(timer);
  }, [endsAt, now]);
  return silence && endsAt > now ? silence : null;
}
