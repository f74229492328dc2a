import { MESSAGES } from '@mentora/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { ErrorAlert } from '../../components/Alert';
import { TextField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { buttonPrimary, focusRing, textLink } from '../../components/styles';
import { AuthShell } from './AuthShell';

export function LoginPage() {
  const { login } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setError(null);
    setSubmitting(true);
    try {
      await login(email, password);
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.login.failedBanner));
      setSubmitting(false);
    }
  };

  return (
    <AuthShell
      title="Welcome Back!"
      aside="Pick up your courses and discussions right where you left them."
      intro={
        <>
          Don’t have an account?{' '}
          <Link to="/register" className={textLink}>
            Register now
          </Link>
        </>
      }
    >
      <form className="mt-8 space-y-5" onSubmit={onSubmit}>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <label className="inline-flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <input
              type="checkbox"
              name="remember"
              className={`size-4 rounded border-slate-400 accent-indigo-600 ${focusRing}`}
            />
            Remember me
          </label>
          <Link to="/forgot-password" className={`text-sm ${textLink}`}>
            Forgot password?
          </Link>
        </div>
        <button type="submit" disabled={submitting} className={`${buttonPrimary} w-full py-3`}>
          {submitting && <Spinner className="size-4" />}
          {submitting ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
    </AuthShell>
  );
}
