import { type createDiscussionRequestSchema, type Discussion, MESSAGES } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { membershipOf } from '../classes/membership.js';
import type { AppContext } from '../context.js';
import { classes, discussions, type UserRow } from '../db/schema.js';
import { searchVector } from '../db/search.js';
import { forbidden, notFound } from '../http/errors.js';
import { recordAutoFlag } from '../moderation/autoFlags.js';
import { publishQueueChanged } from '../moderation/queue.js';
import { HIDDEN_NOTICE } from '../moderation/visibility.js';
import { notifyNewDiscussion } from '../notifications/raise.js';
import { publishNotifications } from '../notifications/service.js';
import { analyseText } from '../text/index.js';
import { canStartDiscussion } from './policy.js';
import { analysisColumns, presentDiscussion } from './presenter.js';
import { discussionFields } from './service.js';

// Starting a discussion: the discussion, its class's notifications and, if the text was flagged, its
// entry in the review queue commit together; then they are published. Who may start one comes from policy.ts,
// who is told from notifications/raise.ts, the answer's shape from presenter.ts.

type CreateInput = z.output<typeof createDiscussionRequestSchema>;

/**
 * Starts a discussion; its sentiment and moderation are computed here and stored with it. Everyone
 * else in the class (its learners and mentor) is notified.
 */
export async function createDiscussion(
  ctx: AppContext,
  user: UserRow,
  classId: string,
  input: Omit<CreateInput, 'classId'>,
): Promise<Discussion> {
  const analysis = await analyseText(`${input.title}\n${input.content}`);
  const { discussion, raised, flagged } = await ctx.db.transaction(async (tx) => {
    // The key-share lock keeps the class from being deleted between the check and the insert.
    const [locked] = await tx.select({ id: classes.id }).from(classes).where(eq(classes.id, classId)).for('key share');
    const m = locked && (await membershipOf(tx, classId, user));
    if (!m) throw notFound(MESSAGES.classDetail.notFound);
    if (!canStartDiscussion(m)) throw forbidden(MESSAGES.createDiscussion.mustEnrolToStart);
    const [row] = await tx
      .insert(discussions)
      .values({
        classId,
        authorId: user.id,
        title: input.title,
        content: input.content,
        ...analysisColumns(analysis),
        search: searchVector(input.title, input.content),
      })
      .returning(discussionFields);
    if (!row) throw new Error('discussion insert returned nothing');
    // Hidden from the start (a threat): the class hears of a discussion, not of what it says.
    const raised = await notifyNewDiscussion(tx, user, row.hidden ? { ...row, title: HIDDEN_NOTICE } : row, m.cls);
    const flagged = await recordAutoFlag(tx, {
      type: 'discussion',
      id: row.id,
      authorId: user.id,
      flagged: analysis.moderation.flagged,
      reason: analysis.moderation.reason,
      severe: analysis.severe,
    });
    const discussion = presentDiscussion({
      discussion: row,
      cls: { id: m.cls.id, title: m.cls.title, mentorId: m.cls.mentorId },
      author: user,
      replyCount: 0,
      repliedByMe: false,
    });
    return { discussion, raised, flagged };
  });
  ctx.readCache.changed('discussions');
  await publishNotifications(ctx, raised);
  if (flagged) await publishQueueChanged(ctx);
  return discussion;
}
