import { type ClassItem, MESSAGES } from '@mentora/contract';
import { useQuery } from '@tanstack/react-query';
import { BookOpen, ChevronRight, GraduationCap, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../api/ApiContext';
import { RetryAlert } from '../../components/Alert';
import { card, focusRing, textLink } from '../../components/styles';
import { badge, CATEGORY_LABELS, STATUS_BADGE, STATUS_LABELS, studentCountLabel } from '../classes/format';
import { dashboardKeys } from '../dashboard/useDashboardData';

type Which = 'enrolled' | 'created';

/**
 * GET /classes/enrolled or /classes/created. Same keys as the dashboard's lists (under ['classes']), so an
 * enrolment or a new class anywhere refreshes these too.
 */
function useMyClasses(which: Which) {
  const api = useApi();
  return useQuery({
    queryKey: dashboardKeys[which],
    queryFn: async ({ signal }) => (await api.get<ClassItem[]>(`/classes/${which}`, { signal })).data,
  });
}

interface ClassListSectionProps {
  which: Which;
  title: string;
  icon: LucideIcon;
  /** What the row says under the title. */
  detail: (cls: ClassItem) => string;
  empty: ReactNode;
}

function ClassListSection({ which, title, icon: Icon, detail, empty }: ClassListSectionProps) {
  const query = useMyClasses(which);
  const headingId = `profile-${which}-heading`;
  const classes = query.data ?? [];
  return (
    <section aria-labelledby={headingId} className={`${card} min-w-0 p-5 sm:p-6`}>
      <div className="flex items-center gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        {query.isSuccess && (
          <span className="ml-auto rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-300">
            {classes.length}
          </span>
        )}
      </div>
      {query.isPending ? (
        <div role="status" className="mt-4 space-y-3">
          <span className="sr-only">Loading...</span>
          {[0, 1].map((row) => (
            <div
              key={row}
              aria-hidden="true"
              className="h-14 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none dark:bg-slate-800"
            />
          ))}
        </div>
      ) : query.isError ? (
        <div className="mt-4">
          <RetryAlert message={MESSAGES.classes.loadFailed} onRetry={() => void query.refetch()} />
        </div>
      ) : classes.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {empty}
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
          {classes.map((cls) => (
            <li key={cls._id}>
              <Link
                to={`/classes/${cls._id}`}
                className={`group -mx-2 flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-slate-50 dark:hover:bg-slate-800/60 ${focusRing}`}
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold text-slate-900 group-hover:text-indigo-700 dark:text-white dark:group-hover:text-indigo-300">
                    {cls.title}
                  </span>
                  <span className="mt-0.5 block truncate text-xs text-slate-600 dark:text-slate-400">
                    {CATEGORY_LABELS[cls.category]} · {detail(cls)}
                  </span>
                </span>
                <span className={`${badge} ${STATUS_BADGE[cls.status]} shrink-0`}>{STATUS_LABELS[cls.status]}</span>
                <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-500 dark:text-slate-400" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The profile's lists of classes: the ones the person takes and, for mentors, the ones they created. */
export function ProfileClasses({ showCreated, canCreate }: { showCreated: boolean; canCreate: boolean }) {
  return (
    <div className={`grid grid-cols-1 gap-6 ${showCreated ? 'lg:grid-cols-2' : ''}`}>
      <ClassListSection
        which="enrolled"
        title="Enrolled classes"
        icon={BookOpen}
        detail={(cls) => `by ${cls.mentor.name}`}
        empty={
          <>
            <p>You are not enrolled in any classes yet.</p>
            <Link to="/classes" className={`${textLink} mt-2 inline-block`}>
              Browse classes
            </Link>
          </>
        }
      />
      {showCreated && (
        <ClassListSection
          which="created"
          title="Created classes"
          icon={GraduationCap}
          detail={(cls) => studentCountLabel(cls.studentCount)}
          empty={
            <>
              <p>You have not created any classes yet.</p>
              {canCreate && (
                <Link to="/classes/create" className={`${textLink} mt-2 inline-block`}>
                  Create a class
                </Link>
              )}
            </>
          }
        />
      )}
    </div>
  );
}
