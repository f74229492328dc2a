import { type ChangePasswordRequest, changePasswordRequestSchema, MESSAGES, passwordSchema } from '@mentora/contract';
import type { FieldError } from '../../api/errors';

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type ChangePasswordErrors = Partial<Record<keyof ChangePasswordValues, string>>;

export type ChangePasswordResult =
  | { ok: true; request: ChangePasswordRequest }
  | { ok: false; errors: ChangePasswordErrors };

/**
 * The change-password form, checked before anything is sent: the contract's rules (current password
 * given, the new one at least 8 characters) and the confirmation matching the new password.
 */
export function validateChangePassword(values: ChangePasswordValues): ChangePasswordResult {
  const request = { currentPassword: values.currentPassword, newPassword: values.newPassword };
  const errors: ChangePasswordErrors = {};
  const parsed = changePasswordRequestSchema.safeParse(request);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'currentPassword' || field === 'newPassword') errors[field] ??= issue.message;
    }
  }
  if (values.newPassword !== values.confirmPassword) errors.confirmPassword = MESSAGES.register.passwordsDoNotMatch;
  return Object.keys(errors).length === 0 ? { ok: true, request } : { ok: false, errors };
}

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

export type NewPasswordErrors = Partial<Record<keyof NewPasswordValues, string>>;

/** The reset form's new password: the registration rules, and a confirmation that matches. */
export function validateNewPassword(values: NewPasswordValues): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const parsed = passwordSchema.safeParse(values.password);
  if (!parsed.success) errors.password = parsed.error.issues[0]?.message;
  if (values.password !== values.confirmPassword) errors.confirmPassword = MESSAGES.register.passwordsDoNotMatch;
  return errors;
}

/** Server field problems on the fields named, by field; anything else is returned apart. */
export function pickFieldErrors<K extends string>(
  problems: FieldError[],
  fields: readonly K[],
): { byField: Partial<Record<K, string>>; other: string[] } {
  const byField: Partial<Record<K, string>> = {};
  const other: string[] = [];
  for (const { path, message } of problems) {
    const field = fields.find((name) => name === path);
    if (field) byField[field] ??= message;
    else other.push(message);
  }
  return { byField, other };
}
