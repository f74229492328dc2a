import { MESSAGES, type User } from '@mentora/contract';
import { ShieldAlert } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/Alert';
import { textLink } from '../../components/styles';

/** Why the server refused the new class, beyond what sits on the fields. */
export interface SubmitProblem {
  message: string;
  /** The server's problems about fields the form does not have. */
  other: string[];
  /** The server refused because the mentor is not verified yet. */
  needsVerification: boolean;
}

export function CreateClassAccessDenied() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Create a class</h1>
      <div className="mt-6">
        <ErrorAlert>{MESSAGES.createClass.accessDenied}</ErrorAlert>
      </div>
      <Link to="/classes" className={`${textLink} mt-6 inline-block`}>
        Back to classes
      </Link>
    </div>
  );
}

/** Said before the mentor fills anything in: the server will not accept a class from them yet. */
export function UnverifiedMentorNotice({ user }: { user: Pick<User, 'verificationRequested'> }) {
  return (
    <div className="mt-6 flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100">
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        Your mentor account is not verified yet, so the server will not accept a new class.{' '}
        {user.verificationRequested ? 'An admin is reviewing your request.' : ''}{' '}
        <Link to="/dashboard" className={textLink}>
          {user.verificationRequested ? 'See your status on the dashboard' : 'Request verification on your dashboard'}
        </Link>
        .
      </p>
    </div>
  );
}

/** The refusal at the top of the form; focused when it appears, so a screen reader reads it first. */
export function SubmitProblemAlert({ problem, ref }: { problem: SubmitProblem; ref: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} tabIndex={-1} className="mb-8 focus:outline-none">
      <ErrorAlert>
        <p>{problem.message}</p>
        {problem.other.length > 0 && (
          <ul className="mt-1 list-disc pl-5">
            {problem.other.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
        {problem.needsVerification && (
          <p className="mt-2">
            <Link to="/dashboard" className={`${textLink} text-red-900 dark:text-red-100`}>
              Go to your dashboard to request verification
            </Link>
          </p>
        )}
      </ErrorAlert>
    </div>
  );
}
