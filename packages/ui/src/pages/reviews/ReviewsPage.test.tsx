import { MESSAGES, type Review } from '@mentora/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeClass, PAGE_TEST_TIMEOUT_MS } from '../../test/fixtures';
import { renderWithAuth, TEST_USER } from '../../test/renderWithAuth';
import { ReviewsPage } from './ReviewsPage';

const NOTICE = MESSAGES.moderation.hiddenNotice;
const review = (overrides: Partial<Review> & { _id: string }): Review => ({
  user: { _id: 'bea', name: 'Bea Reviewer' },
  rating: 4,
  comment: 'Solid class',
  classId: 'c1',
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

function setup(reviews: Review[]) {
  return renderWithAuth(<ReviewsPage />, {
    path: '/classes/c1/reviews',
    route: '/classes/:classId/reviews',
    answer: (config) => {
      if (config.url === '/classes/c1') return { status: 200, data: makeClass({ _id: 'c1' }) };
      if (config.url === '/reviews/c1') return { status: 200, data: reviews };
      if (config.url === '/reviews/c1/average') return { status: 200, data: { averageRating: 4, count: 2 } };
      return { status: 404, data: {} };
    },
  });
}

describe('ReviewsPage moderation', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('shows others a hidden review’s notice in place of its comment, and a report menu on others’ reviews', async () => {
    setup([
      review({ _id: 'r1', comment: NOTICE, hidden: true }),
      review({ _id: 'r2', user: { _id: TEST_USER._id, name: TEST_USER.name }, comment: 'Mine' }),
    ]);
    const hidden = await screen.findByRole('article', { name: 'Review by Bea Reviewer' });
    expect(within(hidden).getByTestId('hidden-notice')).toHaveTextContent(NOTICE);
    expect(
      within(hidden).getByRole('button', { name: 'More actions for the review by Bea Reviewer' }),
    ).toBeInTheDocument();
    const mine = screen.getByRole('article', { name: `Review by ${TEST_USER.name}` });
    expect(within(mine).queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();
  });

  it('shows its author a hidden review as written, under the banner', async () => {
    setup([review({ _id: 'r2', user: { _id: TEST_USER._id, name: TEST_USER.name }, comment: 'Mine', hidden: true })]);
    const mine = await screen.findByRole('article', { name: `Review by ${TEST_USER.name}` });
    expect(within(mine).getByText('Mine')).toBeInTheDocument();
    expect(within(mine).getByRole('note', { name: NOTICE })).toHaveTextContent(
      MESSAGES.moderation.onlyYouAndModerators,
    );
  });
});
