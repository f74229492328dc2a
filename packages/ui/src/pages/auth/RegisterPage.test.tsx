import { MESSAGES } from '@mentora/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithAuth } from '../../test/renderWithAuth';
import { RegisterPage } from './RegisterPage';

describe('RegisterPage', () => {
  it('says under the password field that a password over 72 bytes is too long, and sends nothing', async () => {
    const { auth } = renderWithAuth(<RegisterPage />, { path: '/register', user: null });
    // 37 accented letters: 37 characters but 74 bytes, more than bcrypt reads.
    const tooLong = 'é'.repeat(37);
    await userEvent.type(screen.getByLabelText('Full name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), tooLong);
    await userEvent.type(screen.getByLabelText('Confirm password'), tooLong);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.account.passwordTooLong),
    );
    expect(auth.register).not.toHaveBeenCalled();
  });

  it('sends a password of exactly 72 bytes', async () => {
    const { auth } = renderWithAuth(<RegisterPage />, { path: '/register', user: null });
    const exact = 'é'.repeat(36);
    await userEvent.type(screen.getByLabelText('Full name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), exact);
    await userEvent.type(screen.getByLabelText('Confirm password'), exact);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(auth.register).toHaveBeenCalledWith(expect.objectContaining({ password: exact }));
  });
});
