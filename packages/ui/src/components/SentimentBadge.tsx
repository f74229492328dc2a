import type { Sentiment, SentimentLabel } from '@mentora/contract';
import { Frown, type LucideIcon, Meh, Smile } from 'lucide-react';

export type SentimentTone = 'positive' | 'negative' | 'neutral';

export interface SentimentView {
  tone: SentimentTone;
  icon: LucideIcon;
  /** What assistive technology reads, e.g. "Sentiment: positive". */
  label: string;
  /** The visible word. */
  text: string;
}

const VIEWS: Record<SentimentTone, SentimentView> = {
  positive: { tone: 'positive', icon: Smile, label: 'Sentiment: positive', text: 'Positive' },
  negative: { tone: 'negative', icon: Frown, label: 'Sentiment: negative', text: 'Negative' },
  neutral: { tone: 'neutral', icon: Meh, label: 'Sentiment: neutral', text: 'Neutral' },
};

/** SPEC.md section 4: POSITIVE a happy face, NEGATIVE a sad face, anything else (NEUTRAL, missing, unknown) neutral. */
export function sentimentView(label: SentimentLabel | string | null | undefined): SentimentView {
  if (label === 'POSITIVE') return VIEWS.positive;
  if (label === 'NEGATIVE') return VIEWS.negative;
  return VIEWS.neutral;
}

const TONE_CLASSES: Record<SentimentTone, string> = {
  positive:
    'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200',
  negative: 'border-rose-200 bg-rose-50 text-rose-800 dark:border-rose-500/30 dark:bg-rose-500/10 dark:text-rose-200',
  neutral: 'border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-300',
};

interface SentimentBadgeProps {
  sentiment: Pick<Sentiment, 'label'> | null | undefined;
  className?: string;
}

/**
 * The sentiment of a post, discussion or reply: one badge everywhere, its face and its word (SPEC.md
 * section 4), named "Sentiment: positive" and so on for screen readers.
 */
export function SentimentBadge({ sentiment, className = '' }: SentimentBadgeProps) {
  const view = sentimentView(sentiment?.label);
  const Icon = view.icon;
  return (
    <span
      role="img"
      aria-label={view.label}
      title={view.label}
      data-sentiment={view.tone}
      className={`inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium ${TONE_CLASSES[view.tone]} ${className}`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      <span aria-hidden="true">{view.text}</span>
    </span>
  );
}
