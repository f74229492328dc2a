import type { Moderation } from '@mentora/contract';
import { ShieldAlert } from 'lucide-react';

interface ModerationBannerProps {
  moderation: Moderation | null | undefined;
  className?: string;
}

/**
 * SPEC.md section 4: flagged content carries a red 'Flagged Content' banner with the reason, when the
 * server gave one. Nothing at all for content that is not flagged. The content itself stays visible.
 */
export function ModerationBanner({ moderation, className = '' }: ModerationBannerProps) {
  if (!moderation?.flagged) return null;
  const reason = moderation.reason?.trim();
  return (
    <div
      role="note"
      aria-label="Flagged Content"
      className={`flex gap-3 rounded-lg border border-red-300 bg-red-50 px-3.5 py-2.5 text-sm text-red-800 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-200 ${className}`}
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold">Flagged Content</p>
        {reason && <p className="mt-0.5 break-words">{reason}</p>}
      </div>
    </div>
  );
}
