import {
  MESSAGES,
  parseTags,
  type UpdateProfileRequest,
  type User,
  updateProfileRequestSchema,
} from '@mentora/contract';
import type { FieldError } from '../../api/errors';

/** What the edit form holds: text as typed; skills as one comma-separated line. */
export interface ProfileFormValues {
  name: string;
  email: string;
  profilePicture: string;
  bio: string;
  skills: string;
  /** Asked for, and sent, only when the email changes (the server requires it then). */
  currentPassword: string;
}

export const PROFILE_FORM_FIELDS = [
  'name',
  'email',
  'profilePicture',
  'bio',
  'skills',
  'currentPassword',
] as const satisfies readonly (keyof ProfileFormValues)[];
export type ProfileFormField = (typeof PROFILE_FORM_FIELDS)[number];
export type ProfileFormErrors = Partial<Record<ProfileFormField, string>>;

export function profileFormValues(user: User): ProfileFormValues {
  return {
    name: user.name,
    email: user.email,
    profilePicture: user.profilePicture,
    bio: user.bio,
    skills: user.skills.join(', '),
    currentPassword: '',
  };
}

/** Whether the form asks for another address than the saved one (the server lowercases both). */
export function emailChanges(values: Pick<ProfileFormValues, 'email'>, savedEmail: string | undefined): boolean {
  return savedEmail !== undefined && values.email.trim().toLowerCase() !== savedEmail.trim().toLowerCase();
}

/**
 * The PUT /auth/profile body the form describes (SPEC.md section 3, plus the skills the contract allows);
 * the current password goes along only with a new email.
 */
export function toProfileRequest(values: ProfileFormValues, savedEmail?: string): UpdateProfileRequest {
  return {
    name: values.name,
    email: values.email,
    profilePicture: values.profilePicture,
    bio: values.bio,
    skills: parseTags(values.skills),
    ...(emailChanges(values, savedEmail) ? { currentPassword: values.currentPassword } : {}),
  };
}

export type ProfileFormResult =
  | { ok: true; request: UpdateProfileRequest }
  | { ok: false; errors: ProfileFormErrors; request: UpdateProfileRequest };

/**
 * SPEC.md section 5 (name and email required, the picture a URL) with the schema the server uses: the
 * first problem of each field, by field. `savedEmail` is the account's address now: a different one
 * needs the current password.
 */
export function validateProfileForm(values: ProfileFormValues, savedEmail?: string): ProfileFormResult {
  const request = toProfileRequest(values, savedEmail);
  const parsed = updateProfileRequestSchema.safeParse(request);
  const errors: ProfileFormErrors = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = PROFILE_FORM_FIELDS.find((name) => name === issue.path[0]);
    if (field) errors[field] ??= issue.message;
  }
  // The schema calls an empty email invalid; for a person, it is missing.
  if (errors.email && values.email.trim() === '') errors.email = 'Email is required';
  if (request.currentPassword === '') errors.currentPassword = MESSAGES.account.emailChangeNeedsPassword;
  if (Object.keys(errors).length === 0) return { ok: true, request };
  return { ok: false, errors, request };
}

/** The server's field problems (400 `errors`) by form field; problems about other fields are returned apart. */
export function serverProfileErrors(problems: FieldError[]): { byField: ProfileFormErrors; other: string[] } {
  const byField: ProfileFormErrors = {};
  const other: string[] = [];
  for (const { path, message } of problems) {
    const field = PROFILE_FORM_FIELDS.find((name) => name === path.split('.')[0]);
    if (field) byField[field] ??= message;
    else other.push(message);
  }
  return { byField, other };
}
