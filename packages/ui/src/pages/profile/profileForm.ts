import { parseTags, type UpdateProfileRequest, type User, updateProfileRequestSchema } from '@mentora/contract';
import type { FieldError } from '../../api/errors';

/** What the edit form holds: text as typed; skills as one comma-separated line. */
export interface ProfileFormValues {
  name: string;
  email: string;
  profilePicture: string;
  bio: string;
  skills: string;
}

export const PROFILE_FORM_FIELDS = [
  'name',
  'email',
  'profilePicture',
  'bio',
  'skills',
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
  };
}

/** The PUT /auth/profile body the form describes (SPEC.md section 3, plus the skills the contract allows). */
export function toProfileRequest(values: ProfileFormValues): UpdateProfileRequest {
  return {
    name: values.name,
    email: values.email,
    profilePicture: values.profilePicture,
    bio: values.bio,
    skills: parseTags(values.skills),
  };
}

export type ProfileFormResult =
  | { ok: true; request: UpdateProfileRequest }
  | { ok: false; errors: ProfileFormErrors; request: UpdateProfileRequest };

/**
 * SPEC.md section 5 (name and email required, the picture a URL) with the schema the server uses: the
 * first problem of each field, by field.
 */
export function validateProfileForm(values: ProfileFormValues): ProfileFormResult {
  const request = toProfileRequest(values);
  const parsed = updateProfileRequestSchema.safeParse(request);
  if (parsed.success) return { ok: true, request };
  const errors: ProfileFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = PROFILE_FORM_FIELDS.find((name) => name === issue.path[0]);
    if (field) errors[field] ??= issue.message;
  }
  // The schema calls an empty email invalid; for a person, it is missing.
  if (errors.email && values.email.trim() === '') errors.email = 'Email is required';
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
