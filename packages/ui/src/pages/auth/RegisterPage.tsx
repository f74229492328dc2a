import { LIMITS, MESSAGES, passwordSchema, SELF_SERVICE_ROLES } from '@mentora/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, type FieldError, fieldErrors } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { ErrorAlert } from '../../components/Alert';
import { FieldShell, TextField } from '../../components/FormField';
import { NewPasswordFields } from '../../components/PasswordFields';
import { Spinner } from '../../components/Spinner';
import { buttonPrimary, inputField, textLink } from '../../components/styles';
import { AuthShell } from './AuthShell';

type SelfServiceRole = (typeof SELF_SERVICE_ROLES)[number];

const ROLE_OPTIONS: Record<SelfServiceRole, string> = {
  learner: 'Learner: I want to take classes',
  mentor: 'Mentor: I want to teach classes',
  both: 'Both: I want to learn and teach',
};

const FIELDS = ['name', 'email', 'role', 'bio', 'password'] as const;
type Field = (typeof FIELDS)[number];

/** Server field problems by field; those about fields this form does not show go to the banner. */
function splitFieldErrors(errors: FieldError[]) {
  const byField: Partial<Record<Field, string>> = {};
  const other: string[] = [];
  for (const { path, message } of errors) {
    const field = FIELDS.find((f) => f === path);
    if (field && !byField[field]) byField[field] = message;
    else if (!field) other.push(message);
  }
  return { byField, other };
}

export function RegisterPage() {
  const { register } = useAuth();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<SelfServiceRole>('learner');
  const [bio, setBio] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ byField: Partial<Record<Field, string>>; other: string[] }>({
    byField: {},
    other: [],
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setProblems({ byField: {}, other: [] });
    if (password !== confirm) {
      setError(MESSAGES.register.passwordsDoNotMatch);
      return;
    }
    // The server's rule, said under the field before anything is sent (a password over 72 bytes, say).
    const checked = passwordSchema.safeParse(password);
    if (!checked.success) {
      setError(null);
      setProblems({ byField: { password: checked.error.issues[0]?.message }, other: [] });
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await register({ name, email, password, role, skills: [], bio, profilePicture: '' });
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.register.failedCreate));
      setProblems(splitFieldErrors(fieldErrors(failure)));
      setSubmitting(false);
    }
  };

  return (
    <AuthShell
      title="Create your account"
      aside="Join classes from verified mentors, or teach your own."
      intro={
        <>
          Already have an account?{' '}
          <Link to="/login" className={textLink}>
            Sign in
          </Link>
        </>
      }
    >
      <form className="mt-8 space-y-5" onSubmit={onSubmit}>
        {error && (
          <ErrorAlert>
            <p>{error}</p>
            {problems.other.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {problems.other.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            )}
          </ErrorAlert>
        )}
        <TextField
          label="Full name"
          name="name"
          autoComplete="name"
          required
          maxLength={LIMITS.name.max}
          value={name}
          error={problems.byField.name}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={LIMITS.email.max}
          value={email}
          error={problems.byField.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <FieldShell label="I am joining as" error={problems.byField.role}>
          {({ id, describedBy }) => (
            <select
              id={id}
              name="role"
              aria-describedby={describedBy}
              aria-invalid={problems.byField.role ? true : undefined}
              className={inputField}
              value={role}
              onChange={(event) => setRole(event.target.value as SelfServiceRole)}
            >
              {SELF_SERVICE_ROLES.map((value) => (
                <option key={value} value={value}>
                  {ROLE_OPTIONS[value]}
                </option>
              ))}
            </select>
          )}
        </FieldShell>
        <FieldShell
          label="Bio (optional)"
          error={problems.byField.bio}
          hint="A line or two about you and what you want to learn or teach."
        >
          {({ id, describedBy }) => (
            <textarea
              id={id}
              name="bio"
              rows={3}
              maxLength={LIMITS.bio.max}
              aria-describedby={describedBy}
              aria-invalid={problems.byField.bio ? true : undefined}
              className={`${inputField} resize-y`}
              value={bio}
              onChange={(event) => setBio(event.target.value)}
            />
          )}
        </FieldShell>
        <div className="grid gap-5 sm:grid-cols-2">
          <NewPasswordFields
            labels="account"
            value={password}
            confirmValue={confirm}
            error={problems.byField.password}
            confirmInvalid={error === MESSAGES.register.passwordsDoNotMatch}
            onChange={setPassword}
            onConfirmChange={setConfirm}
          />
        </div>
        <button type="submit" disabled={submitting} className={`${buttonPrimary} w-full py-3`}>
          {submitting && <Spinner className="size-4" />}
          {submitting ? 'Creating account...' : 'Create account'}
        </button>
      </form>
    </AuthShell>
  );
}
