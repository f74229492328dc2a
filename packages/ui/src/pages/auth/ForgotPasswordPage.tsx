import { forgotPasswordRequestSchema, LIMITS, MESSAGES, messageResponseSchema } from '@mentora/contract';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useApi } from '../../api/ApiContext';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { ErrorAlert } from '../../components/Alert';
import { TextField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { buttonPrimary, buttonSecondary, textLink } from '../../components/styles';
import { AuthShell } from './AuthShell';

/**
 * /forgot-password: asks for a one-time reset link. The answer is the same whether or not an account has
 * that email (the server sees to it), so the page shows the server's words and nothing more. Someone
 * already signed in changes their password in the settings instead.
 */
export function ForgotPasswordPage() {
  const api = useApi();
  const { status } = useAuth();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const request = useMutation({
    mutationFn: async (address: string) => (await api.post<unknown>('/auth/forgot-password', { email: address })).data,
  });

  // The submit button that had focus is gone: focus follows the answer that replaced the form.
  useEffect(() => {
    if (sentMessage) confirmation.current?.focus();
  }, [sentMessage]);

  if (status === 'signedIn') return <Navigate to="/settings" replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const parsed = forgotPasswordRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(email.trim() === '' ? 'Email is required' : parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    try {
      const data = await request.mutateAsync(parsed.data.email);
      const answer = messageResponseSchema.safeParse(data);
      setSentMessage(answer.success ? answer.data.message : MESSAGES.account.resetLinkSent);
    } catch (failure) {
      setFieldError(fieldErrors(failure).find((problem) => problem.path === 'email')?.message);
    }
  };

  const backToSignIn = (
    <>
      Remembered it?{' '}
      <Link to="/login" className={textLink}>
        Back to sign in
      </Link>
    </>
  );

  return (
    <AuthShell
      title="Forgot your password?"
      aside="It happens. We will send you a link to choose a new one."
      intro={backToSignIn}
    >
      {sentMessage ? (
        <div className="mt-8 space-y-6">
          <div
            ref={confirmation}
            role="status"
            tabIndex={-1}
            className="flex gap-3 rounded-xl focus:outline-none border border-emerald-200 bg-emerald-50 px-4 py-4 text-sm text-emerald-900 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-100"
          >
            <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div>
              <p className="font-semibold">Check your inbox</p>
              <p className="mt-1 leading-6">{sentMessage}</p>
            </div>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            The link works once and for one hour. Nothing arrived? Check your spam folder, or ask again.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to="/login" className={`${buttonPrimary} py-3 sm:flex-1`}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to sign in
            </Link>
            <button
              type="button"
              className={`${buttonSecondary} py-3 sm:flex-1`}
              onClick={() => {
                request.reset();
                setSentMessage(null);
              }}
            >
              Send another link
            </button>
          </div>
        </div>
      ) : (
        <form noValidate className="mt-8 space-y-5" onSubmit={onSubmit}>
          {request.isError && !fieldError && (
            <ErrorAlert>{errorMessage(request.error, 'We could not send the link. Please try again.')}</ErrorAlert>
          )}
          <TextField
            label="Email address"
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={LIMITS.email.max}
            value={email}
            error={fieldError}
            hint="The email address of your Mentora account."
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit" disabled={request.isPending} className={`${buttonPrimary} w-full py-3`}>
            {request.isPending && <Spinner className="size-4" />}
            {request.isPending ? 'Sending link...' : 'Send reset link'}
          </button>
        </form>
      )}
    </AuthShell>
  );
}
