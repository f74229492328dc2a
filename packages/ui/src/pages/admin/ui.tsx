import { MESSAGES } from '@mentora/contract';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../api/errors';
import { RetryAlert } from '../../components/Alert';
import { formatDate, formatDateTime } from '../../components/formatters';
import { Spinner } from '../../components/Spinner';
import { focusRing } from '../../components/styles';

export { LoadMore } from '../../components/LoadMore';

// Small pieces the four admin panels share.

const smallButton = `inline-flex items-center justify-center gap-1.5 rounded-lg px-3 py-1.5 text-xs font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

export const smallButtonSecondary = `${smallButton} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;

export const smallButtonDanger = `${smallButton} border border-red-200 bg-white text-red-700 hover:bg-red-50 dark:border-red-500/40 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-500/10`;

export const smallButtonSuccess = `${smallButton} bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 disabled:hover:bg-emerald-700`;

const BADGE_TONES = {
  green:
    'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-200 dark:ring-emerald-400/30',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-400/30',
  slate: 'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-400/30',
  red: 'bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-500/10 dark:text-red-200 dark:ring-red-400/30',
} as const;

export function Badge({
  tone,
  icon: Icon,
  children,
}: {
  tone: keyof typeof BADGE_TONES;
  icon?: LucideIcon;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${BADGE_TONES[tone]}`}
    >
      {Icon && <Icon aria-hidden="true" className="size-3.5" />}
      {children}
    </span>
  );
}

/** A panel's heading with its count and a line on what it is for. */
export function PanelHeader({
  id,
  title,
  count,
  description,
}: {
  id: string;
  title: string;
  count?: string;
  description: string;
}) {
  return (
    <div className="mb-4">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        {title}
        {count !== undefined && (
          <>
            <span
              aria-hidden="true"
              className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-300"
            >
              {count}
            </span>
            <span className="sr-only">({count})</span>
          </>
        )}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
    </div>
  );
}

/** 'Failed to fetch data' (SPEC.md section 8) as a toast once per failure, and a banner with a retry. */
export function FetchFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = errorMessage(error, MESSAGES.admin.fetchFailed);
  useEffect(() => {
    toast.error(message, { id: 'admin-fetch-failed' });
  }, [message]);
  return <RetryAlert message={message} onRetry={onRetry} />;
}

export function Loading({ what }: { what: string }) {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 py-16 text-sm text-slate-600 dark:text-slate-400"
    >
      <Spinner className="size-5 text-indigo-600 dark:text-indigo-400" />
      Loading {what}...
    </div>
  );
}

export function Empty({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
      <span className="mx-auto inline-flex size-11 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{children}</p>
    </div>
  );
}

/** A date (with its time when `withTime`) as the other screens show one, or `empty` when missing or unreadable. */
export function DateCell({
  iso,
  empty = '—',
  withTime = false,
}: {
  iso: string | null | undefined;
  empty?: string;
  withTime?: boolean;
}) {
  const text = withTime ? formatDateTime(iso) : formatDate(iso);
  if (!text || !iso) return <span className="text-slate-500 dark:text-slate-400">{empty}</span>;
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {text}
    </time>
  );
}
