import { TOAST } from '@mentora/contract';
import { Toaster } from 'react-hot-toast';

/**
 * The toast container of SPEC.md section 9: top right, 2 s for success, 4 s for errors and plain
 * messages. The durations are spelled out from the contract so that nobody "fixes" one of them alone.
 * react-hot-toast writes white inline: in the dark theme the toast takes the theme's colours (issue #37.15).
 */
export const TOAST_THEME = 'dark:bg-slate-800! dark:text-slate-100! dark:ring-1 dark:ring-slate-700';

export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      toastOptions={{
        duration: TOAST.blankMs,
        className: TOAST_THEME,
        success: { duration: TOAST.successMs },
        error: { duration: TOAST.errorMs },
      }}
    />
  );
}
