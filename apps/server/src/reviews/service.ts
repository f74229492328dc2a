import { type createReviewRequestSchema, MESSAGES, type Review } from '@mentora/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { membershipOf } from '../classes/membership.js';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import { classes, reviews, type UserRow, users } from '../db/schema.js';
import { forbidden, notFound } from '../http/errors.js';
import { recordAutoFlag } from '../moderation/autoFlags.js';
import { publishQueueChanged } from '../moderation/queue.js';
import { maskedReview } from '../moderation/visibility.js';
import { analyseText } from '../text/index.js';
import { reviewRefusal } from './policy.js';
import { presentReview } from './presenter.js';

type CreateInput = z.output<typeof createReviewRequestSchema>;

const classNotFound = () => notFound(MESSAGES.classDetail.notFound);

async function requireClass(db: Queryable, classId: string): Promise<void> {
  const [row] = await db.select({ id: classes.id }).from(classes).where(eq(classes.id, classId)).limit(1);
  if (!row) throw classNotFound();
}

const reviewerColumns = { id: users.id, name: users.name, profilePicture: users.profilePicture };

/** A class's reviews, newest first; a replaced review counts as new (it is ordered by its last change). */
export async function listReviews(ctx: AppContext, viewer: UserRow, classId: string): Promise<Review[]> {
  await requireClass(ctx.db, classId);
  const rows = await ctx.db
    .select({ review: reviews, user: reviewerColumns })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.classId, classId))
    .orderBy(desc(reviews.updatedAt), desc(reviews.id));
  return rows.map((row) => maskedReview(viewer, presentReview(row)));
}

export async function averageRating(
  ctx: AppContext,
  classId: string,
): Promise<{ averageRating: number; count: number }> {
  await requireClass(ctx.db, classId);
  const [row] = await ctx.db
    .select({
      averageRating: sql<number>`coalesce(avg(${reviews.rating})::float8, 0)`,
      count: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(eq(reviews.classId, classId));
  return { averageRating: row?.averageRating ?? 0, count: row?.count ?? 0 };
}

/**
 * Writes the caller's review of a class they are enrolled in. One review per learner per class: the
 * unique (class_id, user_id) index decides, and a second review replaces the first in the same row.
 */
export async function submitReview(
  ctx: AppContext,
  user: UserRow,
  classId: string,
  input: CreateInput,
): Promise<Review> {
  const membership = await membershipOf(ctx.db, classId, user);
  if (!membership) throw classNotFound();
  const refusal = reviewRefusal(user, membership.cls, membership.isEnrolled);
  if (refusal === 'ownClass') throw forbidden(MESSAGES.server.cannotReviewOwnClass);
  if (refusal === 'notEnrolled') throw forbidden(MESSAGES.server.reviewEnrolledOnly);
  // Comments are user text like any other: checked, flagged into the review queue, a threat hidden at once.
  const analysis = input.comment ? analyseText(input.comment) : undefined;
  const severe = analysis?.severe ?? false;
  // The review and its flag commit together: flagged text is never left out of the queue.
  const { review, flagged } = await ctx.db.transaction(async (tx) => {
    const [review] = await tx
      .insert(reviews)
      .values({ classId, userId: user.id, rating: input.rating, comment: input.comment, hidden: severe })
      .onConflictDoUpdate({
        target: [reviews.classId, reviews.userId],
        // A rewrite does not lift a hiding: a moderator decides that.
        set: {
          rating: input.rating,
          comment: input.comment,
          updatedAt: sql`now()`,
          hidden: sql`reviews.hidden or ${severe}`,
        },
      })
      .returning();
    if (!review) throw new Error('review upsert returned nothing');
    const flagged =
      analysis !== undefined &&
      (await recordAutoFlag(tx, {
        type: 'review',
        id: review.id,
        authorId: user.id,
        flagged: analysis.moderation.flagged,
        reason: analysis.moderation.reason,
        severe,
      }));
    return { review, flagged };
  });
  ctx.readCache.changed('reviews');
  if (flagged) await publishQueueChanged(ctx);
  return presentReview({ review, user: { id: user.id, name: user.name, profilePicture: user.profilePicture } });
}
