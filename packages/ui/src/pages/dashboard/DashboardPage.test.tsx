import { MESSAGES, type MentorDashboard } from '@mentora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeClass, makeDiscussion, PAGE_TEST_TIMEOUT_MS } from '../../test/fixtures';
import { renderWithAuth, sent, TEST_USER } from '../../test/renderWithAuth';
import { DashboardPage } from './DashboardPage';

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

describe('DashboardPage', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('lets role both ask to be verified, as the API allows', async () => {
    const user = userEvent.setup();
    const { requests } = renderWithAuth(<DashboardPage />, {
      path: '/dashboard',
      user: { ...TEST_USER, role: 'both' },
      answer: (config) =>
        config.url === '/users/request-verification' ? { status: 200, data: {} } : { status: 200, data: [] },
    });
    await user.click(await screen.findByRole('button', { name: /request verification/i }));
    expect(sent(requests, 'post', '/users/request-verification')).toHaveLength(1);
  });

  it('shows the server’s message when the dashboard fails to load', async () => {
    renderWithAuth(<DashboardPage />, {
      path: '/dashboard',
      answer: () => ({ status: 503, data: { message: 'The database is being restored' } }),
    });
    expect(await screen.findByText('The database is being restored')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.dashboard.loadFailed)).not.toBeInTheDocument();
  });

  it('falls back to its own message when the server sends none', async () => {
    renderWithAuth(<DashboardPage />, { path: '/dashboard', answer: () => 'network-error' });
    expect(await screen.findByText(MESSAGES.dashboard.loadFailed)).toBeInTheDocument();
  });

  it('counts completed classes, taught or taken, and dates an enrolment by when it happened', async () => {
    const taken = makeClass({
      _id: 'c1',
      title: 'Taken class',
      status: 'completed',
      createdAt: '2025-01-01T00:00:00.000Z',
      enrolledAt: '2026-04-02T12:00:00.000Z',
    });
    const taught = [makeClass({ _id: 'c2', status: 'completed' }), makeClass({ _id: 'c3', status: 'ongoing' })];
    const { container } = renderWithAuth(<DashboardPage />, {
      path: '/dashboard',
      user: { ...TEST_USER, role: 'mentor', verified: true },
      answer: (config) => {
        if (config.url === '/classes/enrolled') return { status: 200, data: [taken] };
        if (config.url === '/classes/created') return { status: 200, data: taught };
        if (config.url === '/dashboard/mentor') return { status: 200, data: NOTHING_WAITING };
        return { status: 200, data: [] };
      },
    });
    const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await screen.findByText('Taken class');
    await waitFor(() => expect(stat('Completed classes')).toBe('2'));
    expect(container.querySelector('#activity-heading ~ ol time')?.getAttribute('datetime')).toBe(
      '2026-04-02T12:00:00.000Z',
    );
  });
});

const NOTHING_WAITING: MentorDashboard = {
  classCount: 0,
  sessions: [],
  enrolments: [],
  newEnrolmentCount: 0,
  awaitingReply: [],
  awaitingReplyCount: 0,
};

const MENTOR = { ...TEST_USER, _id: 'mentor-1', name: 'Grace Hopper', role: 'mentor' as const, verified: true };

/** Answers the dashboard's calls: the mentor's overview as given, the lists empty. */
const dashboardAnswers =
  (overview: MentorDashboard, enrolled: unknown[] = []) =>
  (config: { url?: string }) => {
    if (config.url === '/dashboard/mentor') return { status: 200, data: overview };
    if (config.url === '/classes/enrolled') return { status: 200, data: enrolled };
    return { status: 200, data: [] };
  };

describe('DashboardPage for a mentor (#37 item 5)', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('shows the sessions, new learners and unanswered discussions of their classes, each linking where they act', async () => {
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const overview: MentorDashboard = {
      classCount: 2,
      sessions: [
        {
          _id: 's1',
          classId: 'c1',
          classTitle: 'Rust basics',
          title: 'Ownership',
          startsAt: inTwoDays,
          endsAt: new Date(Date.parse(inTwoDays) + 3_600_000).toISOString(),
          durationMinutes: 60,
        },
      ],
      enrolments: [
        {
          learner: { _id: 'l1', name: 'Ada Learner' },
          class: { _id: 'c2', title: 'Go in practice' },
          enrolledAt: '2026-11-20T09:00:00.000Z',
        },
      ],
      newEnrolmentCount: 1,
      awaitingReply: [
        makeDiscussion({
          _id: 'd1',
          title: 'How do lifetimes work?',
          classId: { _id: 'c1', title: 'Rust basics' },
          author: { _id: 'l1', name: 'Ada Learner' },
        }),
      ],
      awaitingReplyCount: 7,
    };
    const { requests } = renderWithAuth(<DashboardPage />, {
      path: '/dashboard',
      user: MENTOR,
      answer: dashboardAnswers(overview),
    });

    const waiting = await screen.findByRole('region', { name: /Waiting for your reply/ });
    expect(await within(waiting).findByRole('link', { name: 'How do lifetimes work?' })).toHaveAttribute(
      'href',
      '/discussions/d1',
    );
    expect(within(waiting).getByText('Rust basics')).toBeInTheDocument();
    expect(within(waiting).getByText('0 replies')).toBeInTheDocument();
    // Five shown at most; the count says how many wait in all.
    expect(within(waiting).getByText('7')).toBeInTheDocument();
    expect(within(waiting).getByText('Showing 1 of 7')).toBeInTheDocument();

    const sessions = screen.getByRole('region', { name: 'Upcoming sessions' });
    const session = within(sessions).getByRole('link', { name: /Ownership/ });
    expect(session).toHaveAttribute('href', '/classes/c1');
    expect(session).toHaveTextContent('Rust basics');
    expect(session).toHaveTextContent('60 min');
    expect(within(session).getByText((_, el) => el?.tagName === 'TIME')).toHaveAttribute('datetime', inTwoDays);

    const enrolments = screen.getByRole('region', { name: /New enrolments/ });
    const enrolment = within(enrolments).getByRole('link', { name: /Ada Learner/ });
    expect(enrolment).toHaveAttribute('href', '/classes/c2/roster');
    expect(enrolment).toHaveTextContent('Enrolled in Go in practice');

    expect(sent(requests, 'get', '/dashboard/mentor')).toHaveLength(1);
    expect(screen.queryByText('Find a class to join')).not.toBeInTheDocument();
    expect(screen.queryByText(/Pick up where you left off/)).not.toBeInTheDocument();
  });

  it('says plainly that each section is empty, and never asks a mentor to find a class to join', async () => {
    renderWithAuth(<DashboardPage />, { path: '/dashboard', user: MENTOR, answer: dashboardAnswers(NOTHING_WAITING) });
    expect(await screen.findByText('No sessions scheduled.')).toBeInTheDocument();
    expect(screen.getByText('No new learners in the last 30 days.')).toBeInTheDocument();
    expect(screen.getByText(/You are not teaching a class yet/)).toBeInTheDocument();
    expect(screen.queryByText('Find a class to join')).not.toBeInTheDocument();
    expect(screen.queryByText('No activity yet.')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent activity' })).not.toBeInTheDocument();
  });

  it('tells a mentor with classes but nothing waiting where to schedule a session', async () => {
    renderWithAuth(<DashboardPage />, {
      path: '/dashboard',
      user: MENTOR,
      answer: dashboardAnswers({ ...NOTHING_WAITING, classCount: 2 }),
    });
    expect(await screen.findByText('No discussions are waiting for your reply.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Schedule one from your class' })).toHaveAttribute(
      'href',
      '/classes?filter=created',
    );
  });

  it('shows role both the teaching sections beside its own learning', async () => {
    renderWithAuth(<DashboardPage />, {
      path: '/dashboard',
      user: { ...MENTOR, role: 'both' },
      answer: dashboardAnswers(NOTHING_WAITING),
    });
    expect(await screen.findByText('No sessions scheduled.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Recent activity' })).toBeInTheDocument();
  });
});

describe('DashboardPage for a learner', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('welcomes a learner with no class yet with where to start, not with where they left off', async () => {
    const { requests } = renderWithAuth(<DashboardPage />, {
      path: '/dashboard',
      answer: dashboardAnswers(NOTHING_WAITING),
    });
    const start = await screen.findByRole('link', { name: 'Find a class to join' });
    expect(start).toHaveAttribute('href', '/classes');
    expect(screen.getByText(/New to Mentora\? Join a class/)).toBeInTheDocument();
    expect(screen.queryByText(/Pick up where you left off/)).not.toBeInTheDocument();
    // A learner teaches nothing: the mentor's overview is not asked for.
    expect(sent(requests, 'get', '/dashboard/mentor')).toHaveLength(0);
  });

  it('tells a learner with classes to pick up where they left off', async () => {
    renderWithAuth(<DashboardPage />, {
      path: '/dashboard',
      answer: dashboardAnswers(NOTHING_WAITING, [
        makeClass({ _id: 'c1', title: 'Rust basics', enrolledAt: '2026-04-02T12:00:00.000Z' }),
      ]),
    });
    expect(await screen.findByText(/Pick up where you left off/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Start with a class' })).not.toBeInTheDocument();
  });
});
