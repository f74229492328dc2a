import { TOAST } from '@mentora/contract';
import { Toaster } from 'react-hot-toast';

/**
 * The toast container of SPEC.md section 9: top right, 2 s for success, 4 s for errors and plain
 * messages. The durations are spelled out from the contract so that nobody "fixes" one of them alone.
 */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      toastOptions={{
        duration: TOAST.blankMs,
        success: { duration: TOAST.successMs },
        error: { duration: TOAST.errorMs },
      }}
    />
  );
}
