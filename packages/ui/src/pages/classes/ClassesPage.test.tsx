import { MESSAGES } from '@mentora/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PAGE_TEST_TIMEOUT_MS } from '../../test/fixtures';
import { renderWithAuth } from '../../test/renderWithAuth';
import { ClassesPage } from './ClassesPage';

describe('ClassesPage', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('shows the server’s message when the list fails to load', async () => {
    renderWithAuth(<ClassesPage />, {
      path: '/classes',
      answer: () => ({ status: 429, data: { message: 'Too many requests, please slow down' } }),
    });
    expect(await screen.findByText('Too many requests, please slow down')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.classes.loadFailed)).not.toBeInTheDocument();
  });

  it('falls back to its own message when the server sends none', async () => {
    renderWithAuth(<ClassesPage />, { path: '/classes', answer: () => 'network-error' });
    expect(await screen.findByText(MESSAGES.classes.loadFailed)).toBeInTheDocument();
  });

  it('clears the search at once with its clear button', async () => {
    const user = userEvent.setup();
    renderWithAuth(<ClassesPage />, {
      path: '/classes?q=python',
      answer: () => ({ status: 200, data: { classes: [], nextCursor: null } }),
    });
    const box = screen.getByRole('searchbox', { name: 'Search classes' });
    expect(box).toHaveValue('python');
    expect(box).toHaveAttribute('maxlength', '200');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/classes$/));
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });
});
