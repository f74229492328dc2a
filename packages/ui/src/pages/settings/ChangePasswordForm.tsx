import { MESSAGES, messageResponseSchema } from '@mentora/contract';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useApi } from '../../api/ApiContext';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { ErrorAlert } from '../../components/Alert';
import { CurrentPasswordField, NewPasswordFields } from '../../components/PasswordFields';
import { Spinner } from '../../components/Spinner';
import { buttonPrimary } from '../../components/styles';
import { useFieldErrors } from '../../components/useFieldErrors';
import {
  type ChangePasswordErrors,
  type ChangePasswordValues,
  pickFieldErrors,
  validateChangePassword,
} from './passwordForms';

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * PUT /auth/password. Nothing is sent while the new passwords differ. A wrong current password comes back
 * as a 400 on that field (not a 401, so the person stays signed in). Success keeps this session and ends
 * every other one, which the form says in words that stay on screen.
 */
export function ChangePasswordForm() {
  const api = useApi();
  const { user } = useAuth();
  const [values, setValues] = useState<ChangePasswordValues>(EMPTY);
  const { form, errors, refuse, clear } = useFieldErrors<ChangePasswordErrors>();
  const [banner, setBanner] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const change = useMutation({
    mutationFn: async (request: { currentPassword: string; newPassword: string }) =>
      (await api.put<unknown>('/auth/password', request)).data,
  });

  const set = (field: keyof ChangePasswordValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    setBanner(null);
    setDone(null);
    const result = validateChangePassword(values);
    if (!result.ok) {
      refuse(result.errors);
      return;
    }
    clear();
    try {
      const data = await change.mutateAsync(result.request);
      const parsed = messageResponseSchema.safeParse(data);
      const message = parsed.success ? parsed.data.message : MESSAGES.account.passwordChanged;
      toast.success(message);
      setDone(message);
      setValues(EMPTY);
    } catch (failure) {
      const message = errorMessage(failure, 'Failed to change the password. Please try again.');
      const { byField, other } = pickFieldErrors(fieldErrors(failure), FIELDS);
      if (Object.keys(byField).length === 0 || other.length > 0) setBanner(message);
      refuse(byField);
    }
  };

  return (
    <form ref={form} noValidate className="space-y-5" onSubmit={onSubmit} aria-labelledby="password-heading">
      {banner && <ErrorAlert>{banner}</ErrorAlert>}
      {done && (
        <p
          role="status"
          className="flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-100"
        >
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{done}</span>
        </p>
      )}
      {/* Lets password managers tie the new password to the right account. */}
      <input type="email" name="username" autoComplete="username" hidden readOnly value={user?.email ?? ''} />
      <CurrentPasswordField
        value={values.currentPassword}
        error={errors.currentPassword}
        onChange={set('currentPassword')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <NewPasswordFields
          name="newPassword"
          value={values.newPassword}
          confirmValue={values.confirmPassword}
          error={errors.newPassword}
          confirmError={errors.confirmPassword}
          onChange={set('newPassword')}
          onConfirmChange={set('confirmPassword')}
        />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Changing your password signs you out on your other devices. You stay signed in here.
      </p>
      <div className="flex justify-end">
        <button type="submit" className={`${buttonPrimary} w-full sm:w-auto`} disabled={change.isPending}>
          {change.isPending && <Spinner className="size-4" />}
          {change.isPending ? 'Changing password...' : 'Change password'}
        </button>
      </div>
    </form>
  );
}
