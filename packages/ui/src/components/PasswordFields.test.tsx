import { LIMITS } from '@mentora/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CurrentPasswordField, NewPasswordFields } from './PasswordFields';

describe('CurrentPasswordField', () => {
  it('asks a password manager for the saved password, within the server’s limit', async () => {
    const onChange = vi.fn();
    render(<CurrentPasswordField value="" error="Wrong password" hint="Needed for a new email." onChange={onChange} />);
    const field = screen.getByLabelText('Current password');
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAttribute('name', 'currentPassword');
    expect(field).toHaveAttribute('autocomplete', 'current-password');
    expect(field).toHaveAttribute('maxlength', String(LIMITS.password.max));
    expect(field).toBeRequired();
    expect(field).toHaveAccessibleDescription('Wrong password');
    await userEvent.type(field, 'x');
    expect(onChange).toHaveBeenCalledWith('x');
  });
});

describe('NewPasswordFields', () => {
  it('offers a new password with the length rule, and its confirmation', async () => {
    const onChange = vi.fn();
    const onConfirmChange = vi.fn();
    render(
      <NewPasswordFields
        name="newPassword"
        value=""
        confirmValue=""
        confirmError="Passwords do not match"
        onChange={onChange}
        onConfirmChange={onConfirmChange}
      />,
    );
    const password = screen.getByLabelText('New password');
    expect(password).toHaveAttribute('name', 'newPassword');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(password).toHaveAttribute('minlength', String(LIMITS.password.min));
    expect(password).toHaveAttribute('maxlength', String(LIMITS.password.max));
    expect(password).toHaveAccessibleDescription(`At least ${LIMITS.password.min} characters.`);
    const confirm = screen.getByLabelText('Confirm new password');
    expect(confirm).toHaveAttribute('name', 'confirmPassword');
    expect(confirm).toHaveAttribute('autocomplete', 'new-password');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(password, 'a');
    await userEvent.type(confirm, 'b');
    expect(onChange).toHaveBeenCalledWith('a');
    expect(onConfirmChange).toHaveBeenCalledWith('b');
  });

  it('marks the confirmation wrong when the form says why elsewhere, and names the first password plainly at sign-up', () => {
    render(
      <NewPasswordFields
        labels="account"
        value=""
        confirmValue=""
        confirmInvalid
        onChange={() => {}}
        onConfirmChange={() => {}}
      />,
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('name', 'password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  });
});
