import { RATING } from '@mentora/contract';
import { formatDecimal } from './formatters';

export const NO_RATINGS = 'No ratings yet';

/** Whether there is an average worth showing: a number, and at least one review when the count is known. */
export function hasRating(rating: number | null | undefined, count?: number): rating is number {
  return typeof rating === 'number' && Number.isFinite(rating) && (count === undefined || count > 0);
}

/** An average rating to one decimal (SPEC.md section 9), or 'No ratings yet'. */
export function formatRating(rating: number | null | undefined, count?: number): string {
  return hasRating(rating, count) ? formatDecimal(clampRating(rating), {}, 1) : NO_RATINGS;
}

/** How many of the five stars are filled: the average rounded (SPEC.md section 9), within 0-5. */
export function filledStars(rating: number | null | undefined): number {
  if (typeof rating !== 'number' || !Number.isFinite(rating)) return 0;
  return Math.round(clampRating(rating));
}

function clampRating(rating: number): number {
  return Math.min(RATING.max, Math.max(0, rating));
}

/** "1 review", "3 reviews". */
export function reviewCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}
