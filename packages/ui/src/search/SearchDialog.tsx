import type { SearchResponse } from '@mentora/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../api/ApiContext';
import { errorMessage } from '../api/errors';
import { Dialog } from '../components/Dialog';
import { SEARCH_DEBOUNCE_MS } from '../components/SearchField';
import { focusRing } from '../components/styles';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { Highlighted } from './Highlighted';
import { groupResults, KIND_LABELS, type SearchResult } from './results';

/** Results per kind. */
const LIMIT = 5;
const QUERY_MAX = 200;

function useSearch(query: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['search', query],
    queryFn: async ({ signal }) =>
      (await api.get<SearchResponse>('/search', { params: { q: query, limit: LIMIT }, signal })).data,
    enabled: query !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

function ResultOption({
  result,
  id,
  active,
  onPick,
  onHover,
}: {
  result: SearchResult;
  id: string;
  active: boolean;
  onPick: () => void;
  onHover: () => void;
}) {
  const { hit } = result;
  return (
    <Link
      to={result.to}
      id={id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      onClick={onPick}
      onMouseMove={onHover}
      className={`block rounded-lg px-3 py-2 text-sm ${
        active ? 'bg-indigo-50 dark:bg-indigo-500/15' : 'hover:bg-slate-50 dark:hover:bg-slate-800/60'
      }`}
    >
      <span className="block truncate font-medium text-slate-900 dark:text-white">
        <Highlighted text={hit.title} ranges={hit.matches.title} />
      </span>
      {result.context && (
        <span className="block truncate text-xs text-indigo-700 capitalize dark:text-indigo-300">{result.context}</span>
      )}
      {hit.text && (
        <span className="mt-0.5 line-clamp-2 block break-words text-slate-600 dark:text-slate-400">
          <Highlighted text={hit.text} ranges={hit.matches.text} />
        </span>
      )}
    </Link>
  );
}

/**
 * The global search (Ctrl/Cmd+K or the navbar's button): a combobox whose results, grouped by kind,
 * are picked with the arrow keys and opened with Enter or a click; Escape closes.
 */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const listId = `${id}-results`;
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim().slice(0, QUERY_MAX), SEARCH_DEBOUNCE_MS);
  const search = useSearch(query);
  const { groups, flat } = useMemo(
    () => (search.data && query ? groupResults(search.data, query) : { groups: [], flat: [] }),
    [search.data, query],
  );
  const [active, setActive] = useState(0);
  // A new answer starts again at its first result.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the new list is the trigger
  useEffect(() => setActive(0), [flat]);
  const optionId = (index: number) => `${id}-option-${index}`;

  // Keep the active result in view while the arrows move through a long list.
  useEffect(() => {
    if (flat.length === 0) return;
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const pick = (result: SearchResult | undefined) => {
    if (!result) return;
    onClose();
    navigate(result.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (flat.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + flat.length) % flat.length);
    } else if (event.key === 'Home' && event.ctrlKey) {
      setActive(0);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      pick(flat[active]);
    }
  };

  let status: string;
  if (query === '') status = 'Type to search classes, discussions and community posts.';
  else if (search.isError) status = errorMessage(search.error, 'Search failed. Please try again.');
  else if (search.isPending || (search.isFetching && search.isPlaceholderData)) status = 'Searching…';
  else if (flat.length === 0) status = `No results for “${query}”`;
  else status = `${flat.length} result${flat.length === 1 ? '' : 's'}`;

  let index = -1;
  return (
    <Dialog open={open} onClose={onClose} title="Search" size="lg" initialFocus={input}>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
        />
        <input
          ref={input}
          type="search"
          role="combobox"
          aria-label="Search classes, discussions and posts"
          aria-expanded={flat.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={flat.length > 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={QUERY_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Search Mentora"
          className={`w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-3 pl-10 text-base text-slate-900 placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-950 dark:text-white ${focusRing}`}
        />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 px-1">
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {status}
        </p>
        {query !== '' && search.isError && (
          <button
            type="button"
            onClick={() => void search.refetch()}
            className="rounded text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
          >
            Try again
          </button>
        )}
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label="Search results"
        className="mt-2 max-h-[min(60vh,28rem)] space-y-3 overflow-y-auto"
      >
        {groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role group (a fieldset is for form fields)
          <div key={group.kind} role="group" aria-labelledby={`${id}-${group.kind}`}>
            <p
              id={`${id}-${group.kind}`}
              role="presentation"
              className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
            >
              {KIND_LABELS[group.kind]}
            </p>
            {group.results.map((result) => {
              index += 1;
              const at = index;
              return (
                <ResultOption
                  key={`${result.kind}-${result.hit._id}`}
                  result={result}
                  id={optionId(at)}
                  active={at === active}
                  onHover={() => setActive(at)}
                  onPick={onClose}
                />
              );
            })}
          </div>
        ))}
      </div>
      <p className="mt-3 hidden px-1 text-xs text-slate-500 sm:block dark:text-slate-400">
        ↑ ↓ to move, Enter to open, Esc to close
      </p>
    </Dialog>
  );
}
