import { GraduationCap } from 'lucide-react';

/** The brand mark and name. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-semibold tracking-tight ${className}`}>
      <span className="inline-flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-600 to-violet-600 text-white shadow-sm">
        <GraduationCap aria-hidden="true" className="size-5" />
      </span>
      <span className="text-lg text-slate-900 dark:text-white">Mentora</span>
    </span>
  );
}
