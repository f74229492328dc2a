import { RATING } from '@mentora/contract';
import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { filledStars, formatRating, hasRating } from './rating';

const STARS = Array.from({ length: RATING.max }, (_, index) => index + 1);

const filledClass = 'fill-amber-400 text-amber-500 dark:fill-amber-300 dark:text-amber-300';
const emptyClass = 'fill-transparent text-slate-400 dark:text-slate-500';

interface StarRatingDisplayProps {
  /** An average (0-5) or a single review's rating; null when there are no reviews. */
  value: number | null | undefined;
  /** Known review count: 0 means "no ratings yet" even when an average of 0 is given. */
  count?: number;
  /** Tailwind size of each star. */
  starClassName?: string;
  /** What it is read out as, instead of "Rated 4.3 out of 5". */
  label?: string;
}

/** Five stars, filled by rounding the value (SPEC.md section 9), read out as "Rated 4.3 out of 5". */
export function StarRatingDisplay({ value, count, starClassName = 'size-4', label }: StarRatingDisplayProps) {
  const rated = hasRating(value, count);
  const filled = rated ? filledStars(value) : 0;
  const name = label ?? (rated ? `Rated ${formatRating(value, count)} out of ${RATING.max}` : formatRating(null));
  return (
    <span role="img" aria-label={name} className="inline-flex items-center gap-0.5" data-filled={filled}>
      {STARS.map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={`${starClassName} shrink-0 ${star <= filled ? filledClass : emptyClass}`}
        />
      ))}
    </span>
  );
}

interface StarRatingInputProps {
  /** The legend the group is announced by. */
  label: string;
  value: number;
  onChange: (value: number) => void;
  name?: string;
  disabled?: boolean;
}

const starWord = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

/**
 * A 1-5 rating picker: a real radio group (Tab to enter, arrow keys to move and choose), drawn as stars.
 * The caller starts it at RATING.default (5).
 */
export function StarRatingInput({ label, value, onChange, name, disabled = false }: StarRatingInputProps) {
  const generated = useId();
  const groupName = name ?? `rating-${generated}`;
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value;
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200">{label}</legend>
      <div className="flex flex-wrap items-center gap-3">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: hover only previews; the radios carry the semantics */}
        <div className="inline-flex items-center" onMouseLeave={() => setHovered(null)}>
          {STARS.map((star) => {
            const id = `${groupName}-${star}`;
            return (
              <span key={star} className="relative">
                <input
                  id={id}
                  type="radio"
                  name={groupName}
                  value={star}
                  checked={value === star}
                  onChange={() => onChange(star)}
                  className="peer sr-only"
                />
                <label
                  htmlFor={id}
                  onMouseEnter={() => setHovered(star)}
                  className="block cursor-pointer rounded-md p-1 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-indigo-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 dark:peer-focus-visible:outline-indigo-400"
                >
                  <Star
                    aria-hidden="true"
                    className={`size-7 transition-colors ${star <= shown ? filledClass : emptyClass}`}
                  />
                  <span className="sr-only">{starWord(star)}</span>
                </label>
              </span>
            );
          })}
        </div>
        <span aria-hidden="true" className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {starWord(value)}
        </span>
      </div>
    </fieldset>
  );
}
