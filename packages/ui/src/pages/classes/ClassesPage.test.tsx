import { MESSAGES } from '@mentora/contract';
import { screen } from '@testing-library/react';
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
});
