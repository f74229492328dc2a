import { describe, expect, it } from 'vitest';
import { pickFieldErrors, validateChangePassword, validateNewPassword } from './passwordForms';

describe('validateChangePassword', () => {
  it('builds the request when everything is in order', () => {
    expect(
      validateChangePassword({
        currentPassword: 'old one',
        newPassword: 'brand new 42',
        confirmPassword: 'brand new 42',
      }),
    ).toEqual({ ok: true, request: { currentPassword: 'old one', newPassword: 'brand new 42' } });
  });

  it("says 'Passwords do not match' when the confirmation differs", () => {
    expect(
      validateChangePassword({
        currentPassword: 'old one',
        newPassword: 'brand new 42',
        confirmPassword: 'brand new 43',
      }),
    ).toEqual({ ok: false, errors: { confirmPassword: 'Passwords do not match' } });
  });

  it('needs the current password and a new one of at least 8 characters', () => {
    expect(validateChangePassword({ currentPassword: '', newPassword: 'short', confirmPassword: 'short' })).toEqual({
      ok: false,
      errors: {
        currentPassword: 'Current password is required',
        newPassword: 'Password must be at least 8 characters',
      },
    });
  });
});

describe('validateNewPassword', () => {
  it('checks length and confirmation', () => {
    expect(validateNewPassword({ password: 'brand new 42', confirmPassword: 'brand new 42' })).toEqual({});
    expect(validateNewPassword({ password: 'brand new 42', confirmPassword: 'brand new' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(validateNewPassword({ password: 'short', confirmPassword: 'short' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
  });
});

describe('pickFieldErrors', () => {
  it('keeps the first problem of each named field', () => {
    expect(
      pickFieldErrors(
        [
          { path: 'currentPassword', message: 'Your current password is incorrect' },
          { path: 'currentPassword', message: 'second' },
          { path: 'other', message: 'elsewhere' },
        ],
        ['currentPassword', 'newPassword'] as const,
      ),
    ).toEqual({ byField: { currentPassword: 'Your current password is incorrect' }, other: ['elsewhere'] });
  });
});
