import { Heart } from 'lucide-react';
import { focusRing } from '../../components/styles';

interface LikeButtonProps {
  liked: boolean;
  count: number;
  /** A toggle is on its way: the button is disabled, so a double click cannot toggle twice. */
  pending: boolean;
  onToggle: () => void;
}

/** A toggle button (aria-pressed) with the number of likes; named "Like" plus the count. */
export function LikeButton({ liked, count, pending, onToggle }: LikeButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={`Like, ${count} ${count === 1 ? 'like' : 'likes'}`}
      disabled={pending}
      onClick={() => {
        if (!pending) onToggle();
      }}
      className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors disabled:cursor-wait disabled:opacity-70 ${focusRing} ${
        liked
          ? 'border-rose-200 bg-rose-50 text-rose-700 hover:bg-rose-100 dark:border-rose-500/40 dark:bg-rose-500/15 dark:text-rose-200 dark:hover:bg-rose-500/25'
          : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800'
      }`}
    >
      <Heart aria-hidden="true" className={`size-4 ${liked ? 'fill-current' : ''}`} />
      <span aria-hidden="true">Like</span>
      <span aria-hidden="true" data-testid="like-count" className="tabular-nums">
        {count}
      </span>
    </button>
  );
}
