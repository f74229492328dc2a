import { describe, expect, it } from 'vitest';
import { filledStars, formatRating, reviewCountLabel } from './rating';

describe('formatRating', () => {
  it('shows an average to one decimal', () => {
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(4.333333)).toBe('4.3');
    expect(formatRating(4.25)).toBe('4.3');
    expect(formatRating(2.96)).toBe('3.0');
    expect(formatRating(5)).toBe('5.0');
  });

  it("says 'No ratings yet' when there is no average or no review", () => {
    expect(formatRating(null)).toBe('No ratings yet');
    expect(formatRating(undefined)).toBe('No ratings yet');
    expect(formatRating(Number.NaN)).toBe('No ratings yet');
    // GET /reviews/{id}/average answers averageRating 0 with count 0 when nobody reviewed.
    expect(formatRating(0, 0)).toBe('No ratings yet');
    expect(formatRating(3.5, 2)).toBe('3.5');
  });
});

describe('filledStars', () => {
  it('fills stars by rounding the average', () => {
    expect(filledStars(4.4)).toBe(4);
    expect(filledStars(4.5)).toBe(5);
    expect(filledStars(1.49)).toBe(1);
    expect(filledStars(0)).toBe(0);
    expect(filledStars(null)).toBe(0);
  });

  it('stays within 0-5', () => {
    expect(filledStars(7)).toBe(5);
    expect(filledStars(-2)).toBe(0);
  });
});

describe('reviewCountLabel', () => {
  it('counts in words', () => {
    expect(reviewCountLabel(1)).toBe('1 review');
    expect(reviewCountLabel(0)).toBe('0 reviews');
    expect(reviewCountLabel(12)).toBe('12 reviews');
  });
});
