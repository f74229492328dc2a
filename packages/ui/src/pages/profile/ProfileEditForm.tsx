import { LIMITS, MESSAGES, type UpdateProfileRequest, type User, userSchema } from '@mentora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useApi } from '../../api/ApiContext';
import { errorMessage, errorStatus, fieldErrors } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { ErrorAlert } from '../../components/Alert';
import { FieldShell, TextField } from '../../components/FormField';
import { CurrentPasswordField } from '../../components/PasswordFields';
import { SilenceGate } from '../../components/SilenceGate';
import { Spinner } from '../../components/Spinner';
import { buttonPrimary, buttonSecondary, inputField } from '../../components/styles';
import { useFieldErrors } from '../../components/useFieldErrors';
import {
  emailChanges,
  type ProfileFormErrors,
  type ProfileFormValues,
  profileFormValues,
  serverProfileErrors,
  validateProfileForm,
} from './profileForm';

interface ProfileEditFormProps {
  user: User;
  /** Saved (with the updated user) or cancelled. */
  onDone: () => void;
}

/**
 * Edit mode of the profile: name, email, bio and skills (the picture is uploaded on its own: AvatarEditor), checked with the contract's
 * updateProfileRequestSchema before anything is sent; the server's field problems (and 409 for a taken
 * email) land on their fields. A save updates the signed-in user everywhere (navigation bar included).
 */
export function ProfileEditForm({ user, onDone }: ProfileEditFormProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { refreshProfile } = useAuth();
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValues(user));
  const { form, errors, refuse, clear } = useFieldErrors<ProfileFormErrors>();
  const [banner, setBanner] = useState<{ message: string; details: string[] } | null>(null);

  const save = useMutation({
    mutationFn: async (request: UpdateProfileRequest) => (await api.put<unknown>('/auth/profile', request)).data,
  });

  const set = (field: keyof ProfileFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setBanner(null);
    // The picture is sent back as it is now: it changes only through AvatarEditor, even while this form is open.
    const result = validateProfileForm({ ...values, profilePicture: user.profilePicture }, user.email);
    if (!result.ok) {
      refuse(result.errors);
      return;
    }
    clear();
    try {
      const data = await save.mutateAsync(result.request);
      const parsed = userSchema.safeParse(data);
      // The answer is the updated user; should it not look like one, ask for the profile instead.
      await refreshProfile(parsed.success ? parsed.data : undefined);
      // Classes carry their mentor's name: let the lists that show it ask again.
      void queryClient.invalidateQueries({ queryKey: ['classes'] });
      toast.success(result.request.currentPassword ? MESSAGES.account.emailChanged : MESSAGES.profile.success);
      onDone();
    } catch (failure) {
      const message = errorMessage(failure, MESSAGES.profile.failed);
      toast.error(message);
      const { byField, other } = serverProfileErrors(fieldErrors(failure));
      // 409: the email belongs to another account, which is a problem of that field.
      if (errorStatus(failure) === 409) byField.email ??= message;
      if (Object.keys(byField).length === 0 || other.length > 0) {
        setBanner({ message, details: other });
      }
      refuse(byField);
    }
  };

  return (
    <SilenceGate>
      <form ref={form} noValidate className="space-y-5" onSubmit={onSubmit} aria-labelledby="profile-edit-heading">
        {banner && (
          <ErrorAlert>
            <p>{banner.message}</p>
            {banner.details.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {banner.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            )}
          </ErrorAlert>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Full name"
            name="name"
            autoComplete="name"
            required
            maxLength={LIMITS.name.max}
            value={values.name}
            error={errors.name}
            onChange={(event) => set('name')(event.target.value)}
          />
          <TextField
            label="Email address"
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={LIMITS.email.max}
            value={values.email}
            error={errors.email}
            onChange={(event) => set('email')(event.target.value)}
          />
        </div>
        {emailChanges(values, user.email) && (
          <CurrentPasswordField
            value={values.currentPassword}
            error={errors.currentPassword}
            hint="A new email needs your password. Your other devices will be signed out."
            onChange={set('currentPassword')}
          />
        )}
        <FieldShell
          label="Bio (optional)"
          error={errors.bio}
          hint="A line or two about you and what you learn or teach."
        >
          {({ id, describedBy }) => (
            <textarea
              id={id}
              name="bio"
              rows={4}
              maxLength={LIMITS.bio.max}
              aria-describedby={describedBy}
              aria-invalid={errors.bio ? true : undefined}
              className={`${inputField} resize-y`}
              value={values.bio}
              onChange={(event) => set('bio')(event.target.value)}
            />
          )}
        </FieldShell>
        <TextField
          label="Skills (optional)"
          name="skills"
          placeholder="TypeScript, public speaking, chess"
          value={values.skills}
          error={errors.skills}
          hint="Separate skills with commas."
          onChange={(event) => set('skills')(event.target.value)}
        />
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end dark:border-slate-800">
          <button type="button" className={buttonSecondary} disabled={save.isPending} onClick={onDone}>
            Cancel
          </button>
          <button type="submit" className={buttonPrimary} disabled={save.isPending}>
            {save.isPending && <Spinner className="size-4" />}
            {save.isPending ? 'Saving...' : 'Save changes'}
          </button>
        </div>
      </form>
    </SilenceGate>
  );
}
