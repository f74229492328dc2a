import { X } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import type { RefusedState } from '../auth/guards';
import { NoticeAlert } from '../components/Alert';

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
      <NoticeAlert
        role="alert"
        action={
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
        }
      >
        <p>{reason}</p>
      </NoticeAlert>
    </div>
  );
}
