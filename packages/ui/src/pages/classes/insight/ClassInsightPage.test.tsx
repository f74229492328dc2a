import { type ClassInsight, MESSAGES, type User } from '@mentora/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeClass, PAGE_TEST_TIMEOUT_MS } from '../../../test/fixtures';
import { renderWithAuth, sent, TEST_USER } from '../../../test/renderWithAuth';
import { ClassInsightPage } from './ClassInsightPage';

// The chart library draws nothing measurable in jsdom: the charts are stand-ins that say what they were
// given, and the figures are checked through the tables.
vi.mock('./InsightCharts', () => ({
  WeeklyChart: ({ weeks }: { weeks: unknown[] }) => <div data-testid="weekly-chart">{weeks.length}</div>,
  RatingsChart: ({ ratings }: { ratings: unknown[] }) => <div data-testid="ratings-chart">{ratings.length}</div>,
  SentimentChart: () => <div data-testid="sentiment-chart" />,
}));

const MENTOR: User = { ...TEST_USER, _id: 'mentor-1', role: 'mentor', verified: true };
const ADMIN: User = { ...TEST_USER, _id: 'admin-1', role: 'admin' };
const CLS = makeClass({ _id: 'c1', title: 'Typed JavaScript', mentor: { _id: 'mentor-1', name: 'Grace Hopper' } });
const week = (w: string, enrolments: number, discussions: number, replies: number) => ({
  week: w,
  enrolments,
  discussions,
  replies,
});
const INSIGHT: ClassInsight = {
  weeks: [week('2026-11-16', 3, 1, 0), week('2026-11-23', 2, 2, 5)],
  ratings: [1, 2, 3, 4, 5].map((stars) => ({ stars, count: stars === 5 ? 4 : stars === 2 ? 1 : 0 })),
  sentiment: { positive: 6, negative: 1, neutral: 3 },
};

function setup(user: User = MENTOR) {
  return renderWithAuth(<ClassInsightPage />, {
    path: '/classes/c1/insight',
    route: '/classes/:id/insight',
    user,
    answer: (config) =>
      config.url === '/classes/c1/insight' ? { status: 200, data: INSIGHT } : { status: 200, data: CLS },
  });
}

const tableRows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children).map((cell) => cell.textContent));

describe('ClassInsightPage', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('draws each chart and gives its figures as a table, for its mentor and for admins', async () => {
    for (const who of [MENTOR, ADMIN]) {
      const { unmount } = setup(who);
      expect(await screen.findByRole('heading', { name: 'The last 12 weeks' })).toBeInTheDocument();
      expect(await screen.findByTestId('weekly-chart')).toHaveTextContent('2');
      expect(await screen.findByTestId('ratings-chart')).toHaveTextContent('5');
      expect(await screen.findByTestId('sentiment-chart')).toBeInTheDocument();
      expect(screen.getByText(/5 enrolments, 3 discussions and 5 replies/)).toBeInTheDocument();
      expect(tableRows('Enrolments, discussions and replies per week')).toEqual([
        ['Nov 16, 2026', '3', '1', '0'],
        ['Nov 23, 2026', '2', '2', '5'],
      ]);
      expect(tableRows('Reviews per number of stars')).toEqual([
        ['1 star', '0'],
        ['2 stars', '1'],
        ['3 stars', '0'],
        ['4 stars', '0'],
        ['5 stars', '4'],
      ]);
      expect(tableRows('Share of positive, negative and neutral discussions and replies')).toEqual([
        ['Positive', '60%', '6'],
        ['Negative', '10%', '1'],
        ['Neutral', '30%', '3'],
      ]);
      expect(screen.getByText(/Community posts belong to no class/)).toBeInTheDocument();
      unmount();
    }
  });

  it('says there is nothing to chart yet instead of drawing empty charts', async () => {
    renderWithAuth(<ClassInsightPage />, {
      path: '/classes/c1/insight',
      route: '/classes/:id/insight',
      user: MENTOR,
      answer: (config) =>
        config.url === '/classes/c1/insight'
          ? {
              status: 200,
              data: {
                weeks: [week('2026-11-23', 0, 0, 0)],
                ratings: [1, 2, 3, 4, 5].map((stars) => ({ stars, count: 0 })),
                sentiment: { positive: 0, negative: 0, neutral: 0 },
              },
            }
          : { status: 200, data: CLS },
    });
    expect(await screen.findByText('No enrolments, discussions or replies in these weeks yet.')).toBeInTheDocument();
    expect(screen.getByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.getByText('Nothing has been written in its discussions yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('weekly-chart')).toBeNull();
    expect(screen.queryByTestId('sentiment-chart')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('links back to the class', async () => {
    setup();
    await screen.findByRole('heading', { name: 'The last 12 weeks' });
    expect(screen.getByRole('link', { name: 'Back to the class' })).toHaveAttribute('href', '/classes/c1');
  });

  it('shows nothing, and asks for nothing, to anyone else', async () => {
    for (const who of [TEST_USER, { ...MENTOR, _id: 'mentor-2' }]) {
      const { unmount, requests } = setup(who);
      expect(await screen.findByText(MESSAGES.server.insightMentorOrAdminOnly)).toBeInTheDocument();
      expect(sent(requests, 'get', '/classes/c1/insight')).toHaveLength(0);
      unmount();
    }
  });
});
