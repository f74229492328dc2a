import { BookOpen, MessagesSquare, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';

const POINTS = [
  { icon: BookOpen, text: 'Your courses, with live sessions and materials in one place.' },
  { icon: MessagesSquare, text: 'Discussions with your classmates and mentors, class by class.' },
  { icon: Sparkles, text: 'An AI assistant that knows what the community has already answered.' },
];

interface AuthShellProps {
  title: string;
  /** The pitch: beside the form on wide screens, under the heading on narrow ones. */
  aside: string;
  /** The line under the heading that points to the other form. */
  intro: ReactNode;
  children: ReactNode;
}

/** The frame of the sign-in and sign-up screens: the form card, and a short pitch beside it on wide screens. */
export function AuthShell({ title, aside, intro, children }: AuthShellProps) {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-10 sm:px-6 sm:py-16 lg:grid-cols-[1fr_1.1fr] lg:items-center lg:px-8">
      <aside className="hidden rounded-3xl bg-gradient-to-br from-indigo-700 via-indigo-600 to-violet-700 p-10 text-white shadow-xl lg:block">
        <p className="text-xs font-semibold tracking-[0.25em] text-indigo-100">LEARN • GROW • EXCEL</p>
        <p className="mt-4 text-3xl leading-tight font-bold">{aside}</p>
        <ul className="mt-8 space-y-4">
          {POINTS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex gap-3 text-indigo-50">
              <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/15">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="pt-1.5 text-sm leading-6">{text}</span>
            </li>
          ))}
        </ul>
      </aside>
      <div className="w-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
        <p className="mt-2 text-slate-700 lg:hidden dark:text-slate-300">{aside}</p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{intro}</p>
        {children}
      </div>
    </div>
  );
}
