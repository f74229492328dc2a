import { MESSAGES } from '@mentora/contract';
import { EyeOff } from 'lucide-react';
import type { HiddenView } from './hiddenView';

/**
 * What everyone but the author and admins reads in place of hidden text: the server's notice, set apart
 * as a muted, dashed box with an icon, so it reads as the app speaking rather than as someone's words.
 */
export function HiddenNotice({ className = '' }: { className?: string }) {
  return (
    <p
      data-testid="hidden-notice"
      className={`flex items-center gap-2 rounded-lg border border-dashed border-slate-300 bg-slate-50 px-3.5 py-2.5 text-sm text-slate-600 italic dark:border-slate-700 dark:bg-slate-800/40 dark:text-slate-400 ${className}`}
    >
      <EyeOff aria-hidden="true" className="size-4 shrink-0 not-italic" />
      {MESSAGES.moderation.hiddenNotice}
    </p>
  );
}

/** Above hidden content its author or an admin still reads as written: why others do not see it. */
export function HiddenBanner({ view, className = '' }: { view: HiddenView; className?: string }) {
  if (view !== 'author' && view !== 'admin') return null;
  return (
    <div
      role="note"
      aria-label={MESSAGES.moderation.hiddenNotice}
      className={`flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100 ${className}`}
    >
      <EyeOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold">{MESSAGES.moderation.hiddenNotice}</p>
        <p className="mt-0.5">
          {view === 'author' ? MESSAGES.moderation.onlyYouAndModerators : MESSAGES.moderation.hiddenFromOthers}
        </p>
      </div>
    </div>
  );
}

/** The hidden marker of lists (the discussions list): a small muted pill next to the title. */
export function HiddenMarker() {
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-slate-300 bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200">
      <EyeOff aria-hidden="true" className="size-3.5" />
      Hidden
    </span>
  );
}
