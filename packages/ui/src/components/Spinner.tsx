import { LoaderCircle } from 'lucide-react';

export function Spinner({ className = 'size-6' }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={`animate-spin motion-reduce:animate-none ${className}`} />;
}

/** Covers the whole window while the app finds out who is signed in. */
export function FullScreenSpinner() {
  return (
    <div
      role="status"
      className="fixed inset-0 flex items-center justify-center bg-white text-indigo-600 dark:bg-slate-950 dark:text-indigo-400"
    >
      <Spinner className="size-10" />
      <span className="sr-only">Loading...</span>
    </div>
  );
}
