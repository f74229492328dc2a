import { X } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import type { RefusedState } from '../auth/guards';

const refusalOf = (state: unknown): string | undefined =>
  typeof state === 'object' && state !== null && typeof (state as RefusedState).refused === 'string'
    ? (state as RefusedState).refused
    : undefined;

/** Why a guard brought the person here (auth/guards.tsx), above the page, until they close it or move on. */
export function RefusedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const reason = refusalOf(location.state);
  if (!reason) return null;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6 lg:px-8">
      <div
        role="alert"
        className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
      >
        <p className="min-w-0 flex-1">{reason}</p>
        <button
          type="button"
          aria-label="Dismiss"
          onClick={() =>
            navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null })
          }
          className="-m-1 rounded p-1 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-amber-600 dark:hover:bg-amber-400/20"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
