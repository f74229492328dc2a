import type { AppContext } from '../context.js';
import { type AutoFlag, recordAutoFlag as recordAutoFlagIn } from './autoFlags.js';
import { publishQueueChanged } from './queue.js';

// The moderation service is split by job: reportCommand.ts (a report), resolveEntry.ts (a decision),
// queue.ts (the queue's reads and live count) and autoFlags.ts (flagged text into the queue). What is
// left here is the old after-commit flag, for the two writers being rewritten elsewhere
// (discussions/replyCreator.ts, community/service.ts's posts and replies): each is to call
// autoFlags.ts's recordAutoFlag(tx, flag) inside its own write instead, and then this file goes.

/**
 * Puts flagged text in the review queue after the text committed, in a transaction of its own; a crash
 * between the two leaves the text out of the queue, which is why new writers flag inside their write.
 */
export async function recordAutoFlag(ctx: AppContext, flag: AutoFlag): Promise<void> {
  if (!flag.flagged) return;
  try {
    await ctx.db.transaction((tx) => recordAutoFlagIn(tx, flag));
  } catch (error) {
    // The text is written (and a threat is stored hidden already): a failed flag must not turn that
    // into an error the writer would retry, and duplicate.
    ctx.logger.warn({ err: error, type: flag.type, id: flag.id }, 'flagged text was not put in the review queue');
    return;
  }
  await publishQueueChanged(ctx);
}
