import { LIMITS } from '@mentora/contract';
import type { ReactNode } from 'react';
import { TextField } from './FormField';

// The password inputs every form shares, so the rules a password manager and the server go by
// (autocomplete, length limits) are written once.

/** The password someone already has, asked before a change that needs it. */
export function CurrentPasswordField({
  value,
  error,
  hint,
  onChange,
}: {
  value: string;
  error?: string | undefined;
  hint?: ReactNode;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Current password"
      type="password"
      name="currentPassword"
      autoComplete="current-password"
      required
      maxLength={LIMITS.password.max}
      value={value}
      error={error}
      hint={hint}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

const LABELS = {
  /** Signing up: the account's first password. */
  account: { password: 'Password', confirm: 'Confirm password' },
  /** Resetting or changing it. */
  new: { password: 'New password', confirm: 'Confirm new password' },
} as const;

/**
 * A new password and its confirmation, as two fields side by side or stacked as the caller lays them out.
 * `confirmInvalid` marks the confirmation wrong when the form says why elsewhere (a banner).
 */
export function NewPasswordFields({
  name = 'password',
  labels = 'new',
  value,
  confirmValue,
  error,
  confirmError,
  confirmInvalid,
  onChange,
  onConfirmChange,
}: {
  /** The new password's field name, as the server's field errors call it. */
  name?: 'password' | 'newPassword';
  labels?: keyof typeof LABELS;
  value: string;
  confirmValue: string;
  error?: string | undefined;
  confirmError?: string | undefined;
  confirmInvalid?: boolean;
  onChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
}) {
  return (
    <>
      <TextField
        label={LABELS[labels].password}
        type="password"
        name={name}
        autoComplete="new-password"
        required
        minLength={LIMITS.password.min}
        maxLength={LIMITS.password.max}
        value={value}
        error={error}
        hint={`At least ${LIMITS.password.min} characters.`}
        onChange={(event) => onChange(event.target.value)}
      />
      <TextField
        label={LABELS[labels].confirm}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={confirmValue}
        error={confirmError}
        {...(confirmInvalid ? { 'aria-invalid': true } : {})}
        onChange={(event) => onConfirmChange(event.target.value)}
      />
    </>
  );
}
