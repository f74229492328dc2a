import { MESSAGES } from '@mentora/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { localMoments } from '../../components/formatters';
import { PAGE_TEST_TIMEOUT_MS } from '../../test/fixtures';
import { renderWithAuth } from '../../test/renderWithAuth';
import { ReviewForm } from './ReviewForm';

vi.mock('react-hot-toast', () => ({ default: { error: vi.fn(), success: vi.fn() } }));

describe('ReviewForm', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('shows a silenced person the server’s message, with why and until when', async () => {
    const user = userEvent.setup();
    const message = MESSAGES.server.silenced('2026-12-03T14:05:00.000Z', 'Spam in reviews');
    renderWithAuth(<ReviewForm classId="c1" />, {
      path: '/x',
      answer: () => ({ status: 403, data: { message } }),
    });
    await user.type(screen.getByLabelText('Comment (optional)'), 'Great');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(localMoments(message));
    // Not the enrolment hint: that is for the enrolment 403 only.
    expect(screen.queryByRole('link', { name: 'Open the class to enrol' })).not.toBeInTheDocument();
  });
});
