import type { Review } from '@mentora/contract';
import type { ReviewRow } from '../db/schema.js';
import { hiddenMark } from '../discussions/presenter.js';
import { presentPersonRef } from '../users/presenter.js';

export interface ReviewView {
  review: ReviewRow;
  user: { id: string; name: string; profilePicture: string };
}

/** A review as anyone signed in sees it: the reviewer's name and picture, never their email. */
export function presentReview({ review, user }: ReviewView): Review {
  return {
    _id: review.id,
    user: presentPersonRef(user),
    rating: review.rating,
    comment: review.comment,
    classId: review.classId,
    createdAt: review.createdAt.toISOString(),
    ...hiddenMark(review),
  };
}
