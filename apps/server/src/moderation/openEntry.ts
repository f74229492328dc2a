import type { ModerationTargetType } from '@mentora/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { type ModerationEntryRow, moderationEntries } from '../db/schema.js';

// One open entry per item, whatever put it in the queue: a report (reportCommand.ts) or the automatic
// check (autoFlags.ts) joins it.

/** The item's open entry, made when there is none (the partial unique index keeps it one). */
export async function openEntryFor(
  tx: Queryable,
  target: { type: ModerationTargetType; id: string; authorId: string },
): Promise<ModerationEntryRow> {
  await tx
    .insert(moderationEntries)
    .values({ targetType: target.type, targetId: target.id, authorId: target.authorId })
    .onConflictDoNothing({
      target: [moderationEntries.targetType, moderationEntries.targetId],
      where: sql`status = 'open'`,
    });
  const [entry] = await tx
    .select()
    .from(moderationEntries)
    .where(
      and(
        eq(moderationEntries.targetType, target.type),
        eq(moderationEntries.targetId, target.id),
        eq(moderationEntries.status, 'open'),
      ),
    )
    .for('update');
  if (!entry) throw new Error('open moderation entry missing after insert');
  return entry;
}
