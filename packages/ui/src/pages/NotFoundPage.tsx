import { Compass, House } from 'lucide-react';
import { Link } from 'react-router';
import { buttonPrimary } from '../components/styles';

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
        <Compass aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-indigo-700 dark:text-indigo-300">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Page not found
      </h1>
      <p className="mt-4 text-base leading-7 text-slate-600 dark:text-slate-400">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/" className={`${buttonPrimary} mt-8 px-5 py-3`}>
        <House aria-hidden="true" className="size-4" />
        Back to home
      </Link>
    </section>
  );
}
