import { MESSAGES, moderationQueueEventSchema } from '@mentora/contract';
import type { PlatformAttention } from '../platform/platform';

// The review queue's count outside the page (issue #24): the `moderation.queue` live event reaches
// admins only; on the desktop each rise of its openCount shows an OS notification and the badge always
// shows the count. On the web (no `attention`) nothing happens. Kept apart from dispatch.ts, which only
// calls onQueue, so the moderation screen's own handling of the event merges next to it easily.

export interface ModerationAlerts {
  /** A `moderation.queue` event's data; malformed data is ignored. */
  onQueue(data: unknown): void;
  /** The count before any event (read when the stream opens): a later event is compared with it. */
  seed(openCount: number): void;
  /** The person signed out, or another one signed in: the badge clears. */
  reset(): void;
}

/** The notification's title: the app's name, as the OS shows it with the text under it. */
export const ALERT_TITLE = 'Mentora';

export function createModerationAlerts(attention: PlatformAttention | undefined): ModerationAlerts {
  // The last count known; null until the first seed or event, when a rise cannot be told from a fall.
  let last: number | null = null;
  const show = (count: number) => attention?.setBadgeCount(count);
  return {
    onQueue(data) {
      const parsed = moderationQueueEventSchema.safeParse(data);
      if (!parsed.success) return;
      const count = Math.max(0, parsed.data.openCount);
      if (last !== null && count > last) attention?.notify(ALERT_TITLE, MESSAGES.moderation.reportsWaiting(count));
      last = count;
      show(count);
    },
    seed(openCount) {
      // An event that came first is newer than this answer: it wins.
      if (last !== null) return;
      last = Math.max(0, openCount);
      show(last);
    },
    reset() {
      if (last !== null && last > 0) show(0);
      last = null;
    },
  };
}
