import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { Spinner } from './Spinner';
import { fieldLabel, focusRing, inputField } from './styles';

/** Typing pause before a search box's text goes to the server: one request per pause, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
  /** Visually hide the label (it still names the field). */
  hideLabel?: boolean;
  /** A search is on its way: the magnifier turns into a spinner. */
  busy?: boolean;
  /**
   * Offers a clear button while there is text, in place of the browser's own (which not every browser
   * shows); the caller empties the box and may drop the search at once rather than after the pause.
   */
  onClear?: () => void;
}

/** A search box with a magnifier; the caller debounces what it sends to the server. */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  className = '',
  hideLabel = true,
  busy = false,
  onClear,
}: SearchFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : fieldLabel}>
        {label}
      </label>
      <div className="relative">
        {busy ? (
          <Spinner className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
        ) : (
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
          />
        )}
        <input
          id={id}
          type="search"
          autoComplete="off"
          maxLength={200}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={`${inputField} pl-9 ${onClear ? 'pr-10 [&::-webkit-search-cancel-button]:hidden' : ''}`}
        />
        {onClear && value !== '' && (
          <button
            type="button"
            aria-label="Clear search"
            className={`absolute top-1/2 right-1.5 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`}
            onClick={onClear}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
    </div>
  );
}
