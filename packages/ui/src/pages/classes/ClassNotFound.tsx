import { MESSAGES } from '@mentora/contract';
import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonPrimary } from '../../components/styles';
import { ClassPageShell } from './ClassPageShell';

/** A class link that leads nowhere: deleted since, or mistyped. */
export function ClassNotFound() {
  return (
    <ClassPageShell>
      <div className="mx-auto mt-10 max-w-md text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
          <SearchX aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {MESSAGES.classDetail.notFound}
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          It may have been deleted by its mentor or an admin, or the link is wrong.
        </p>
        <Link to="/classes" className={`${buttonPrimary} mt-6`}>
          Browse classes
        </Link>
      </div>
    </ClassPageShell>
  );
}
