import { MESSAGES } from '@mentora/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_TEST_TIMEOUT_MS } from '../../test/fixtures';
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
});
