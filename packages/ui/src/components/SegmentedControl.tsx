import { useId } from 'react';

interface SegmentedControlProps<T extends string> {
  /** The group's name for assistive technology (a visually hidden legend). */
  legend: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  className?: string;
}

/**
 * One choice out of a few, as a row of pill buttons. Native radio buttons underneath: arrow keys move
 * between options, Tab leaves the group, and screen readers announce "radio, 2 of 3".
 */
export function SegmentedControl<T extends string>({
  legend,
  options,
  value,
  onChange,
  className = '',
}: SegmentedControlProps<T>) {
  const name = useId();
  return (
    <fieldset className={`min-w-0 ${className}`}>
      <legend className="sr-only">{legend}</legend>
      {/* One row; on narrow screens it scrolls sideways rather than leaving an option alone on a second line. */}
      <div className="flex max-w-full gap-1 overflow-x-auto rounded-xl border border-slate-200 bg-white p-1 shadow-sm [scrollbar-width:thin] sm:w-fit dark:border-slate-800 dark:bg-slate-900">
        {options.map((option) => (
          <label
            key={option.value}
            className="shrink-0 cursor-pointer rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-700 transition-colors select-none hover:bg-slate-100 hover:text-slate-900 has-checked:bg-indigo-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:has-checked:bg-indigo-500 dark:has-checked:text-white dark:has-focus-visible:outline-indigo-400"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
