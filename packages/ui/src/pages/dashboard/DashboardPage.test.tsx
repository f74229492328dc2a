import { MESSAGES } from '@mentora/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeClass, PAGE_TEST_TIMEOUT_MS } from '../../test/fixtures';
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
        return { status: 200, data: [] };
      },
    });
    const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await screen.findByText('Taken class');
    await waitFor(() => expect(stat('Completed classes')).toBe('2'));
    expect(container.querySelector('time')?.getAttribute('datetime')).toBe('2026-04-02T12:00:00.000Z');
  });
});
