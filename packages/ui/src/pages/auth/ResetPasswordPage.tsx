import { MESSAGES, messageResponseSchema } from '@mentora/contract';
import { useMutation } from '@tanstack/react-query';
import { Link2Off } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../../api/ApiContext';
import { errorMessage, errorStatus, fieldErrors } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { ErrorAlert } from '../../components/Alert';
import { NewPasswordFields } from '../../components/PasswordFields';
import { Spinner } from '../../components/Spinner';
import { buttonPrimary, textLink } from '../../components/styles';
import { useFieldErrors } from '../../components/useFieldErrors';
import { type NewPasswordErrors, type NewPasswordValues, validateNewPassword } from '../settings/passwordForms';
import { AuthShell } from './AuthShell';

const MISSING_TOKEN =
  'This reset link is incomplete: it has no token. Open the link from the email again, or request a new one.';

/** Why the link cannot be used, and the way to a new one. */
function UnusableLink({ message }: { message: string }) {
  return (
    <div className="mt-8 space-y-6">
      <ErrorAlert>{message}</ErrorAlert>
      <div className="flex items-start gap-3 rounded-xl border border-slate-200 px-4 py-4 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
        <Link2Off aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500 dark:text-slate-400" />
        <p>
          Reset links work once, for one hour.{' '}
          <Link to="/forgot-password" className={textLink}>
            Request a new reset link
          </Link>
        </p>
      </div>
    </div>
  );
}

/**
 * /reset-password?token=…: the page a reset email links to. A missing token, or one the server refuses
 * (unknown, expired or used), says so with a way to a new link. Success goes to sign in; someone signed
 * in on this browser is signed out first, since the reset ends that account's sessions.
 */
export function ResetPasswordPage() {
  const api = useApi();
  const navigate = useNavigate();
  const { status, user, logout } = useAuth();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [values, setValues] = useState<NewPasswordValues>({ password: '', confirmPassword: '' });
  const { form, errors, refuse, clear } = useFieldErrors<NewPasswordErrors>();
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: async (password: string) => (await api.post<unknown>('/auth/reset-password', { token, password })).data,
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    setBanner(null);
    const problems = validateNewPassword(values);
    if (Object.keys(problems).length > 0) {
      refuse(problems);
      return;
    }
    clear();
    try {
      const data = await reset.mutateAsync(values.password);
      const answer = messageResponseSchema.safeParse(data);
      const message = answer.success ? answer.data.message : MESSAGES.account.passwordReset;
      if (status === 'signedIn') {
        await logout({ to: '/login', message });
      } else {
        toast.success(message);
        navigate('/login', { replace: true });
      }
    } catch (failure) {
      const onPassword = fieldErrors(failure).find((problem) => problem.path === 'password');
      if (onPassword) {
        refuse({ password: onPassword.message });
      } else if (errorStatus(failure) === 400) {
        // Unknown, expired or already used: the form is of no use any more, a new link is.
        setLinkProblem(errorMessage(failure, MESSAGES.account.resetLinkInvalid));
      } else {
        setBanner(errorMessage(failure, 'The password could not be reset. Please try again.'));
      }
    }
  };

  return (
    <AuthShell
      title="Choose a new password"
      aside="A fresh start: pick a new password and sign in again."
      intro={
        <>
          Remembered it after all?{' '}
          <Link to="/login" className={textLink}>
            Back to sign in
          </Link>
        </>
      }
    >
      {token === '' ? (
        <UnusableLink message={MISSING_TOKEN} />
      ) : linkProblem ? (
        <UnusableLink message={linkProblem} />
      ) : (
        <form ref={form} noValidate className="mt-8 space-y-5" onSubmit={onSubmit}>
          {banner && <ErrorAlert>{banner}</ErrorAlert>}
          {status === 'signedIn' && user && (
            <p className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-300">
              You are signed in as <span className="font-semibold break-all">{user.email}</span>. After the reset you
              will be signed out here, so you can sign in with the new password.
            </p>
          )}
          <NewPasswordFields
            value={values.password}
            confirmValue={values.confirmPassword}
            error={errors.password}
            confirmError={errors.confirmPassword}
            onChange={(password) => setValues((current) => ({ ...current, password }))}
            onConfirmChange={(confirmPassword) => setValues((current) => ({ ...current, confirmPassword }))}
          />
          <button type="submit" disabled={reset.isPending} className={`${buttonPrimary} w-full py-3`}>
            {reset.isPending && <Spinner className="size-4" />}
            {reset.isPending ? 'Saving...' : 'Set new password'}
          </button>
        </form>
      )}
    </AuthShell>
  );
}
