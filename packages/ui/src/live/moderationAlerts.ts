import { MESSAGES } from '@mentora/contract';
import type { PlatformAttention } from '../platform/platform';

// The review queue's count outside the page (issue #24): on the desktop each rise of the open count
// shows an OS notification and the badge always shows the count; on the web (no `attention`) nothing
// happens. The count itself is the one the Admin link and the Moderation tab show (useOpenCount's query,
// which the `moderation.queue` live event and each decision keep current): this only watches it.

export interface ModerationAlerts {
  /** The open count as the query has it now; the first one known is shown without a notification. */
  onCount(openCount: number): void;
  /** The person signed out, or another one signed in: the badge clears. */
  reset(): void;
}

/** The notification's title: the app's name, as the OS shows it with the text under it. */
export const ALERT_TITLE = 'Mentora';

export function createModerationAlerts(attention: PlatformAttention | undefined): ModerationAlerts {
  // The last count shown; null until the first, when a rise cannot be told from a fall.
  let last: number | null = null;
  return {
    onCount(openCount) {
      const count = Math.max(0, openCount);
      if (count === last) return;
      if (last !== null && count > last) attention?.notify(ALERT_TITLE, MESSAGES.moderation.reportsWaiting(count));
      last = count;
      attention?.setBadgeCount(count);
    },
    reset() {
      if (last !== null && last > 0) attention?.setBadgeCount(0);
      last = null;
    },
  };
}
