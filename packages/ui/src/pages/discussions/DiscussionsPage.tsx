import { DISCUSSION_FILTERS, MESSAGES } from '@mentora/contract';
import { BookOpen, ChevronDown, MessagesSquare, Plus, SearchX, X } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage, errorStatus } from '../../api/errors';
import { ErrorAlert, RetryAlert } from '../../components/Alert';
import { EmptyState } from '../../components/EmptyState';
import { countLabel } from '../../components/formatters';
import { ListFilters } from '../../components/ListFilters';
import { LoadMore } from '../../components/LoadMore';
import { SEARCH_DEBOUNCE_MS } from '../../components/SearchField';
import { SegmentedControl } from '../../components/SegmentedControl';
import { buttonPrimary, buttonSecondary, card, textLink } from '../../components/styles';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { DiscussionListItem } from './DiscussionListItem';
import { type ClassGroup, type DiscussionFilter, FILTER_LABELS, groupByClass, mineOf } from './grouping';
import { useClassInfo, useDiscussionList } from './queries';

const FILTER_OPTIONS = DISCUSSION_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }));

/** The list's failure, in the words of SPEC.md section 8. */
function listError(error: unknown): { message: string; notEnrolled: boolean } {
  const status = errorStatus(error);
  if (status === 401) return { message: MESSAGES.discussions.loginRequired, notEnrolled: false };
  if (status === 403) return { message: errorMessage(error, MESSAGES.discussions.notEnrolledAny), notEnrolled: true };
  return { message: errorMessage(error, MESSAGES.discussions.loadFailed), notEnrolled: false };
}

function ClassSection({ group, showClassLink }: { group: ClassGroup; showClassLink: boolean }) {
  const [open, setOpen] = useState(true);
  const id = useId();
  const panelId = `${id}-panel`;
  return (
    <section aria-labelledby={`${id}-heading`} className={`${card} overflow-hidden`}>
      <h2 id={`${id}-heading`} className="text-base font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center gap-3 px-4 py-3.5 text-left text-slate-900 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 sm:px-5 dark:text-white dark:hover:bg-slate-800/60 dark:focus-visible:outline-indigo-400"
        >
          <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
            <BookOpen aria-hidden="true" className="size-4" />
          </span>
          <span className="min-w-0 flex-1 break-words">{group.classTitle}</span>
          <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
            {countLabel(group.discussions.length, 'discussion', 'discussions')}
          </span>
          <ChevronDown
            aria-hidden="true"
            className={`size-5 shrink-0 text-slate-500 transition-transform motion-reduce:transition-none dark:text-slate-400 ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="border-t border-slate-200 dark:border-slate-800">
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {group.discussions.map((discussion) => (
            <li key={discussion._id}>
              <DiscussionListItem discussion={discussion} />
            </li>
          ))}
        </ul>
        {showClassLink && (
          <p className="flex flex-wrap gap-x-4 gap-y-1 border-t border-slate-200 px-4 py-3 text-sm sm:px-5 dark:border-slate-800">
            <Link to={`/discussions?classId=${encodeURIComponent(group.classId)}`} className={textLink}>
              Only this class
            </Link>
            <Link to={`/classes/${group.classId}`} className={textLink}>
              Open the class page
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}

function ListSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-4">
      {[0, 1].map((section) => (
        <div key={section} className={`${card} p-4 sm:p-5`}>
          <div className="h-6 w-48 animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
          <div className="mt-5 space-y-4">
            {[0, 1, 2].map((row) => (
              <div key={row} className="flex gap-3">
                <div className="size-10 animate-pulse rounded-full bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
                <div className="flex-1 space-y-2">
                  <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
                  <div className="h-3 w-1/3 animate-pulse rounded bg-slate-100 motion-reduce:animate-none dark:bg-slate-800/70" />
                </div>
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

export function DiscussionsPage() {
  const [searchParams] = useSearchParams();
  const classId = searchParams.get('classId')?.trim() || undefined;
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<DiscussionFilter>('all');
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const list = useDiscussionList({ classId, search: query || undefined, mine: mineOf(filter) });
  const classInfo = useClassInfo(classId);

  const loaded = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const groups = useMemo(() => groupByClass(loaded), [loaded]);

  const classTitle = classInfo.data?.title ?? loaded.find((d) => d.classId._id === classId)?.classId.title;
  const createHref = classId ? `/discussions/create?classId=${encodeURIComponent(classId)}` : '/discussions/create';
  // A failure with nothing loaded replaces the list; one while refreshing or loading more goes under it.
  const failure = list.isError && list.data === undefined ? listError(list.error) : null;
  const laterFailure = list.isError && list.data !== undefined ? listError(list.error) : null;
  const searching = search.trim() !== query || (list.isFetching && !list.isFetchingNextPage && !list.isPending);

  let content: ReactNode;
  if (list.isPending) {
    content = (
      <>
        <p role="status" className="sr-only">
          Loading discussions
        </p>
        <ListSkeleton />
      </>
    );
  } else if (failure?.notEnrolled) {
    content = (
      <EmptyState icon={BookOpen} title={failure.message}>
        <p>Discussions happen inside classes. Enrol in a class to read and start its discussions.</p>
        <Link to="/classes" className={`${buttonPrimary} mt-5`}>
          Browse classes
        </Link>
      </EmptyState>
    );
  } else if (failure) {
    content = <RetryAlert message={failure.message} onRetry={() => void list.refetch()} />;
  } else if (groups.length === 0) {
    content = query ? (
      <EmptyState icon={SearchX} title={`No discussions match “${query}”`}>
        <p>Try other words, or clear the search.</p>
      </EmptyState>
    ) : filter === 'my-posts' ? (
      <EmptyState icon={MessagesSquare} title="You have not started any discussions here yet">
        <p>Start one to ask your class a question.</p>
      </EmptyState>
    ) : filter === 'my-replies' ? (
      <EmptyState icon={MessagesSquare} title="You have not replied to any discussions here yet" />
    ) : (
      <EmptyState icon={MessagesSquare} title="No discussions yet">
        <p>Be the first to start one.</p>
        <Link to={createHref} className={`${buttonPrimary} mt-5`}>
          <Plus aria-hidden="true" className="size-4" />
          Start Discussion
        </Link>
      </EmptyState>
    );
  } else {
    content = (
      <div className="space-y-4">
        {groups.map((group) => (
          <ClassSection key={group.classId} group={group} showClassLink={!classId} />
        ))}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Discussions</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-400">
            Questions and conversations from your classes, grouped by class.
          </p>
        </div>
        <Link to={createHref} className={`${buttonPrimary} shrink-0 self-start sm:self-auto`}>
          <Plus aria-hidden="true" className="size-4" />
          Start Discussion
        </Link>
      </div>

      {classId && (
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-900 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-100">
          <p className="min-w-0 break-words">
            Showing discussions of{' '}
            {classTitle ? (
              <Link to={`/classes/${classId}`} className={`${textLink} font-semibold`}>
                {classTitle}
              </Link>
            ) : (
              'one class'
            )}
          </p>
          <Link to="/discussions" className={`${buttonSecondary} px-3 py-1.5`}>
            <X aria-hidden="true" className="size-4" />
            Show all classes
          </Link>
        </div>
      )}

      <ListFilters
        search={{
          label: 'Search discussions',
          placeholder: 'Search discussions',
          value: search,
          onChange: setSearch,
          busy: searching,
        }}
      >
        <SegmentedControl legend="Show" options={FILTER_OPTIONS} value={filter} onChange={setFilter} />
      </ListFilters>

      <div
        className={`mt-6 transition-opacity ${list.isPlaceholderData ? 'opacity-60' : ''}`}
        aria-busy={list.isPlaceholderData || undefined}
      >
        {content}
      </div>

      {!list.isPending && !failure && (
        <p role="status" className="sr-only">
          {countLabel(loaded.length, 'discussion', 'discussions')} shown
        </p>
      )}

      {list.hasNextPage && !failure && (
        <LoadMore loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />
      )}
      {laterFailure && (
        <div className="mt-4">
          <ErrorAlert>{laterFailure.message}</ErrorAlert>
        </div>
      )}
    </div>
  );
}
