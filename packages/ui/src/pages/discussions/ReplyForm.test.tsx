import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_TEST_TIMEOUT_MS } from '../../test/fixtures';
import { isBlank, ReplyForm } from './ReplyForm';

describe('ReplyForm', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('keeps the button disabled while the reply is empty or whitespace', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => {});
    render(<ReplyForm label="Your reply" send={send} pending={false} />);
    const button = screen.getByRole('button', { name: 'Post reply' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Your reply'), '   ');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Your reply'), '{Enter}\t');
    expect(button).toBeDisabled();
    // Ctrl+Enter with blank text sends nothing either.
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(send).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Your reply'), 'Good point');
    expect(button).toBeEnabled();
  });

  it('sends the trimmed text once and clears the box after it was posted', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => {});
    render(<ReplyForm label="Your reply" send={send} pending={false} />);
    await user.type(screen.getByLabelText('Your reply'), '  Thanks!  ');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith('Thanks!');
    expect(screen.getByLabelText('Your reply')).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent('Your reply was posted.');
  });

  it('is disabled while sending, and keeps the text and shows the error when sending failed', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => {
      throw new Error('no');
    });
    const { rerender } = render(<ReplyForm label="Your reply" send={send} pending={false} />);
    await user.type(screen.getByLabelText('Your reply'), 'Hello');
    rerender(<ReplyForm label="Your reply" send={send} pending />);
    expect(screen.getByRole('button', { name: 'Posting...' })).toBeDisabled();
    rerender(
      <ReplyForm
        label="Your reply"
        send={send}
        pending={false}
        error="You must be enrolled in the class to post a reply."
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('You must be enrolled in the class to post a reply.');
    expect(screen.getByLabelText('Your reply')).toHaveValue('Hello');
  });

  it('isBlank treats whitespace of any kind as nothing', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank(' \n\t ')).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });
});
