import { describe, expect, it } from 'vitest';
import { TEST_USER } from '../../test/renderWithAuth';
import { type ProfileFormValues, profileFormValues, serverProfileErrors, validateProfileForm } from './profileForm';

const valid: ProfileFormValues = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  profilePicture: '',
  bio: 'Counting machines.',
  skills: '',
  currentPassword: '',
};

describe('validateProfileForm', () => {
  it('accepts a complete form and builds the PUT /auth/profile body', () => {
    const result = validateProfileForm({
      ...valid,
      profilePicture: 'https://img.example.com/ada.png',
      skills: 'maths, , poetry ',
    });
    expect(result).toEqual({
      ok: true,
      request: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        profilePicture: 'https://img.example.com/ada.png',
        bio: 'Counting machines.',
        skills: ['maths', 'poetry'],
      },
    });
  });

  it('requires name and email (SPEC.md section 5)', () => {
    const result = validateProfileForm({ ...valid, name: '   ', email: '' });
    expect(result).toMatchObject({ ok: false, errors: { name: 'Name is required', email: 'Email is required' } });
  });

  it('wants a real email address', () => {
    expect(validateProfileForm({ ...valid, email: 'ada@' })).toMatchObject({
      ok: false,
      errors: { email: 'Please enter a valid email address' },
    });
  });

  it('takes a picture URL only when it is http or https, or empty', () => {
    for (const bad of ['not a url', 'ftp://files.example.com/me.png', 'javascript:alert(1)', 'example.com/me.png']) {
      expect(validateProfileForm({ ...valid, profilePicture: bad }), bad).toMatchObject({
        ok: false,
        errors: { profilePicture: 'Please enter a valid URL (http or https)' },
      });
    }
    for (const good of ['', '   ', 'http://example.com/me.png', 'https://example.com/me.png?size=200']) {
      expect(validateProfileForm({ ...valid, profilePicture: good }).ok, good).toBe(true);
    }
  });

  it('reports only the fields in trouble', () => {
    const result = validateProfileForm({ ...valid, profilePicture: 'nope' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(['profilePicture']);
  });

  it('asks for the current password with a new email only, and sends it only then', () => {
    const saved = 'ada@example.com';
    expect(validateProfileForm({ ...valid, email: 'ada@new.example' }, saved)).toMatchObject({
      ok: false,
      errors: { currentPassword: 'Enter your current password to change your email' },
    });
    expect(validateProfileForm({ ...valid, email: 'ada@new.example', currentPassword: 'my password' }, saved)).toEqual({
      ok: true,
      request: expect.objectContaining({ email: 'ada@new.example', currentPassword: 'my password' }),
    });
    // The same address differently cased is no change, and a password typed before going back is not sent.
    const same = validateProfileForm(
      { ...valid, email: ' ADA@Example.com', currentPassword: 'typed then undone' },
      saved,
    );
    expect(same.ok).toBe(true);
    expect(same.request).not.toHaveProperty('currentPassword');
  });

  it('starts from the signed-in user', () => {
    expect(profileFormValues({ ...TEST_USER, skills: ['maths', 'poetry'] })).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      profilePicture: '',
      bio: '',
      skills: 'maths, poetry',
      currentPassword: '',
    });
  });
});

describe('serverProfileErrors', () => {
  it('puts field problems on their fields and keeps the others apart', () => {
    expect(
      serverProfileErrors([
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'skills.2', message: 'Too long' },
        { path: 'role', message: 'No' },
      ]),
    ).toEqual({ byField: { email: 'Please enter a valid email address', skills: 'Too long' }, other: ['No'] });
  });
});
