import type { ModerationTargetType } from '@mentora/contract';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { moderationEntries } from '../db/schema.js';
import { analyseText } from '../text/index.js';
import { openEntryFor } from './openEntry.js';
import { setTargetHidden } from './targets.js';

// Flagged text goes in the review queue in the transaction that writes the text: the text and its
// flag exist together or not at all, so flagged text (a threat stored hidden above all) can never be
// left out of the queue. After commit the writer tells the admins (queue.ts publishQueueChanged).

export interface AutoFlag {
  type: ModerationTargetType;
  id: string;
  authorId: string;
  /** The text check's verdict (text/moderation.ts). */
  reason: string | null;
  flagged: boolean;
  /** A threat: the writer hid it already (stored with hidden = true). */
  severe: boolean;
}

/**
 * Puts flagged text in the review queue, inside the transaction that writes the text (`tx`): the same
 * queue as reports. A severe flag was stored hidden by whoever wrote the text (so it never showed); this
 * records why. A clean rewrite (a replaced review, an edited profile) changes nothing that is open: a
 * moderator still looks. Answers whether the queue changed, for the writer to publishQueueChanged once
 * it commits.
 */
export async function recordAutoFlag(tx: Queryable, flag: AutoFlag): Promise<boolean> {
  if (!flag.flagged) return false;
  const entry = await openEntryFor(tx, { type: flag.type, id: flag.id, authorId: flag.authorId });
  await tx
    .update(moderationEntries)
    .set({ autoFlag: flag.reason ?? '', severe: entry.severe || flag.severe, updatedAt: sql`now()` })
    .where(eq(moderationEntries.id, entry.id));
  return true;
}

/** What a writer learns of a profile's check, to act on once it commits. */
export interface ProfileCheck {
  /** Put in the queue: tell the admins (publishQueueChanged). */
  flagged: boolean;
  /** Hidden as a threat: pages that show the person change (the read cache's users). */
  hidden: boolean;
}

/**
 * A profile's name and bio are user text too: checked when written (registration, profile edit), in the
 * transaction that writes them, flagged into the queue, and hidden at once when severe.
 */
export async function checkProfile(
  tx: Queryable,
  user: { id: string; name: string; bio: string },
): Promise<ProfileCheck> {
  const analysis = analyseText(`${user.name}\n${user.bio}`);
  if (!analysis.moderation.flagged) return { flagged: false, hidden: false };
  const hidden = analysis.severe && (await setTargetHidden(tx, 'user', user.id, true));
  await recordAutoFlag(tx, {
    type: 'user',
    id: user.id,
    authorId: user.id,
    flagged: true,
    reason: analysis.moderation.reason,
    severe: analysis.severe,
  });
  return { flagged: true, hidden };
}
