import { CLASS_CATEGORIES, type ClassFilter, MESSAGES } from '@mentora/contract';
import { BookOpen, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { isStrictMentor } from '../../auth/roles';
import { RetryAlert } from '../../components/Alert';
import { LoadMore } from '../../components/LoadMore';
import { SEARCH_DEBOUNCE_MS, SearchField } from '../../components/SearchField';
import { Spinner } from '../../components/Spinner';
import {
  buttonPrimary,
  buttonSecondary,
  card,
  fieldLabel,
  focusRing,
  inputField,
  lazyListItem,
} from '../../components/styles';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useDeferredArrival } from '../../components/useDeferredArrival';
import { ClassCard } from './ClassCard';
import { CATEGORY_LABELS } from './format';
import { classListParamsFrom } from './listRequest';
import { useClassList } from './queries';

const FILTER_LABELS: Record<ClassFilter, string> = { all: 'All classes', enrolled: 'Enrolled', created: 'Created' };

/** The list's search, filter and category live in the URL, so Back and a reload keep them. */
function useListParams(mayFilterCreated: boolean) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = classListParamsFrom(searchParams, mayFilterCreated);
  const update = (changes: Partial<Record<'q' | 'filter' | 'category', string>>) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value && !(key === 'filter' && value === 'all')) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  };
  return { params, update };
}

function CardSkeleton() {
  return (
    <li className={`${card} h-64 p-5`} aria-hidden="true">
      <div className="h-5 w-24 animate-pulse rounded-full bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
      <div className="mt-4 h-6 w-3/4 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
      <div className="mt-3 space-y-2">
        {[0, 1, 2].map((line) => (
          <div
            key={line}
            className="h-4 animate-pulse rounded bg-slate-100 motion-reduce:animate-none dark:bg-slate-800/70"
          />
        ))}
      </div>
    </li>
  );
}

export function ClassesPage() {
  const { user } = useAuth();
  const mentor = isStrictMentor(user?.role);
  const { params, update } = useListParams(mentor);
  const [searchText, setSearchText] = useState(params.search);
  const debouncedSearch = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const categoryId = useId();

  // The debounced text becomes the URL's (and so the query's) search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled change of the text writes the URL
  useEffect(() => {
    if (debouncedSearch !== params.search) update({ q: debouncedSearch });
  }, [debouncedSearch]);

  const { data, error, isPending, isError, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } =
    useClassList(params);
  // The first answer's cards are rendered in the background, in slices (the skeleton stays meanwhile).
  const shown = useDeferredArrival(data);
  const loading = isPending || (data !== undefined && shown === undefined);
  const classes = shown?.pages.flatMap((page) => page.classes) ?? [];
  const filters: ClassFilter[] = mentor ? ['all', 'enrolled', 'created'] : ['all', 'enrolled'];
  const narrowed = params.search !== '' || params.category !== '' || params.filter !== 'all';
  const refreshing = isFetching && !isFetchingNextPage && !isPending;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Classes</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-400">
            Find a class from a verified mentor, or pick up one you are enrolled in.
          </p>
        </div>
        {mentor && (
          <Link to="/classes/create" className={`${buttonPrimary} shrink-0 self-start sm:self-auto`}>
            <Plus aria-hidden="true" className="size-4" />
            Create Class
          </Link>
        )}
      </div>

      <search className={`${card} mt-8 block p-4 sm:p-5`} aria-label="Find classes">
        <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_auto_14rem] md:items-end">
          <SearchField
            label="Search classes"
            hideLabel={false}
            placeholder="Title, description or tag"
            value={searchText}
            onChange={setSearchText}
            onClear={() => {
              setSearchText('');
              update({ q: '' });
            }}
          />
          <fieldset>
            <legend className={fieldLabel}>Show</legend>
            <div className="inline-flex w-full rounded-lg border border-slate-300 bg-slate-100 p-1 md:w-auto dark:border-slate-700 dark:bg-slate-800/60">
              {filters.map((value) => {
                const selected = params.filter === value;
                return (
                  <button
                    key={value}
                    type="button"
                    aria-pressed={selected}
                    onClick={() => update({ filter: value })}
                    className={`flex-1 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors md:flex-none ${focusRing} ${
                      selected
                        ? 'bg-white text-indigo-700 shadow-sm dark:bg-slate-950 dark:text-indigo-200'
                        : 'text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
                    }`}
                  >
                    {FILTER_LABELS[value]}
                  </button>
                );
              })}
            </div>
          </fieldset>
          <div>
            <label htmlFor={categoryId} className={fieldLabel}>
              Category
            </label>
            <select
              id={categoryId}
              className={inputField}
              value={params.category}
              onChange={(event) => update({ category: event.target.value })}
            >
              <option value="">All categories</option>
              {CLASS_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {CATEGORY_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </search>

      <section aria-labelledby="results-heading" aria-busy={loading || refreshing} className="mt-8">
        <div className="mb-4 flex min-h-6 items-center justify-between gap-3">
          <h2 id="results-heading" className="text-sm font-medium text-slate-600 dark:text-slate-400">
            <span aria-live="polite">
              {loading
                ? 'Loading classes...'
                : isError && classes.length === 0
                  ? 'Results'
                  : `${classes.length}${hasNextPage ? '+' : ''} ${classes.length === 1 && !hasNextPage ? 'class' : 'classes'}${params.search ? ` for “${params.search}”` : ''}`}
            </span>
          </h2>
          {refreshing && (
            <span className="inline-flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
              <Spinner className="size-4" />
              Updating...
            </span>
          )}
        </div>

        {isError && (
          <div className="mb-6">
            <RetryAlert message={errorMessage(error, MESSAGES.classes.loadFailed)} onRetry={() => void refetch()} />
          </div>
        )}

        {loading ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2, 3, 4, 5].map((item) => (
              <CardSkeleton key={item} />
            ))}
          </ul>
        ) : classes.length === 0 ? (
          !isError && (
            <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-14 text-center dark:border-slate-700">
              <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
                <BookOpen aria-hidden="true" className="size-6" />
              </span>
              <p className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">No classes found</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {narrowed
                  ? 'Try other words, another category, or all classes.'
                  : mentor
                    ? 'Be the first to share what you know.'
                    : 'New classes appear here as mentors create them.'}
              </p>
              {narrowed ? (
                <button
                  type="button"
                  className={`${buttonSecondary} mt-5`}
                  onClick={() => {
                    setSearchText('');
                    update({ q: '', filter: 'all', category: '' });
                  }}
                >
                  Show all classes
                </button>
              ) : (
                mentor && (
                  <Link to="/classes/create" className={`${buttonSecondary} mt-5`}>
                    <Plus aria-hidden="true" className="size-4" />
                    Create your first class
                  </Link>
                )
              )}
            </div>
          )
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {classes.map((cls) => (
                <li key={cls._id} className={`min-w-0 ${lazyListItem}`}>
                  <ClassCard cls={cls} />
                </li>
              ))}
            </ul>
            {hasNextPage && (
              <LoadMore className="mt-8" loading={isFetchingNextPage} onClick={() => void fetchNextPage()} />
            )}
          </>
        )}
      </section>
    </div>
  );
}
