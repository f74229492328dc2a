import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { textLink } from './styles';

/** An error banner, announced when it appears. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/** A load that failed: what went wrong, and "Try again", which asks again. */
export function RetryAlert({ message, onRetry }: { message: ReactNode; onRetry: () => void }) {
  return (
    <ErrorAlert>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>{message}</span>
        <button type="button" className={`${textLink} text-sm`} onClick={onRetry}>
          Try again
        </button>
      </div>
    </ErrorAlert>
  );
}

/** A confirmation banner, announced when it appears (the page's status). */
export function SuccessAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-100"
    >
      <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/**
 * A notice about the person's own situation (a silence, a page they were turned away from), announced
 * as `role` says, with an optional icon before it and an action (a close button) after it.
 */
export function NoticeAlert({
  children,
  role = 'status',
  icon,
  action,
  testId,
}: {
  children: ReactNode;
  role?: 'status' | 'alert';
  icon?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      role={role}
      data-testid={testId}
      className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
    >
      {icon}
      <div className="min-w-0 flex-1">{children}</div>
      {action}
    </div>
  );
}
