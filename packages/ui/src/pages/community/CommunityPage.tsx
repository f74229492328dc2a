import { MESSAGES } from '@mentora/contract';
import { Plus, SearchX, Users } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { errorMessage } from '../../api/errors';
import { useSilence } from '../../auth/silence';
import { ErrorAlert, RetryAlert } from '../../components/Alert';
import { EmptyState } from '../../components/EmptyState';
import { countLabel } from '../../components/formatters';
import { ListFilters } from '../../components/ListFilters';
import { LoadMore } from '../../components/LoadMore';
import { SEARCH_DEBOUNCE_MS } from '../../components/SearchField';
import { SegmentedControl } from '../../components/SegmentedControl';
import { SilenceNotice } from '../../components/SilenceGate';
import { buttonPrimary, card, inputField } from '../../components/styles';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useDeferredArrival } from '../../components/useDeferredArrival';
import { useAfterPageLoad } from '../../layout/useAfterPageLoad';
import { linkedSearchOf } from './listRequest';
import { PostCard } from './PostCard';
import { CATEGORY_FILTERS, CATEGORY_LABELS, type CategoryFilter, isCommunityCategory } from './posts';
import { useCommunityList } from './queries';

// The create-post dialog is a chunk of its own: it checks the form with the contract's schema, and zod
// with it need not arrive before the feed's first paint. It loads once the page has, or at the first
// click before that.
const CreatePostDialog = lazy(async () => ({ default: (await import('./CreatePostDialog')).CreatePostDialog }));

function FeedSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-4">
      {[0, 1, 2].map((row) => (
        <div key={row} className={`${card} space-y-4 p-5 sm:p-6`}>
          <div className="flex gap-3">
            <div className="size-10 animate-pulse rounded-full bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
            <div className="flex-1 space-y-2">
              <div className="h-4 w-32 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
              <div className="h-3 w-24 animate-pulse rounded bg-slate-100 motion-reduce:animate-none dark:bg-slate-800/70" />
            </div>
          </div>
          <div className="h-5 w-2/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
          <div className="h-16 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none dark:bg-slate-800/70" />
        </div>
      ))}
    </div>
  );
}

export function CommunityPage() {
  const silence = useSilence();
  const [category, setCategory] = useState<CategoryFilter>('all');
  const location = useLocation();
  // A link may carry a search (the global search opens a post as /community?search=…#post-id).
  const linkedSearch = linkedSearchOf(location.search);
  const [search, setSearch] = useState(linkedSearch);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each visit of such a link sets it again
  useEffect(() => {
    if (linkedSearch) setSearch(linkedSearch);
  }, [linkedSearch, location.key]);
  const [creating, setCreating] = useState(false);
  const pageLoaded = useAfterPageLoad(true);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const list = useCommunityList({ category: category === 'all' ? undefined : category, search: query || undefined });
  // The first answer's twenty posts are rendered in the background, in slices (the skeleton stays meanwhile).
  const shown = useDeferredArrival(list.data);
  const posts = useMemo(() => {
    // Pages can overlap when posts arrive between two "Load more"s: each post once.
    const seen = new Set<string>();
    return (shown?.pages.flatMap((page) => page.items) ?? []).filter((post) => {
      if (seen.has(post._id)) return false;
      seen.add(post._id);
      return true;
    });
  }, [shown]);

  // /community#post-{id} (a notification's link): once that post is on screen, scroll to it.
  const scrolledFor = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new posts on screen are the trigger to look again
  useEffect(() => {
    if (!location.hash.startsWith('#post-') || scrolledFor.current === location.key) return;
    const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (!target) return;
    scrolledFor.current = location.key;
    target.scrollIntoView?.({ block: 'start' });
  }, [location.hash, location.key, posts]);

  const firstLoadFailed = list.isError && list.data === undefined;
  const laterFailed = list.isError && list.data !== undefined;
  const searching = search.trim() !== query || (list.isFetching && !list.isFetchingNextPage && !list.isPending);

  // One function for every card (they are memoized: a new one each render would re-render them all).
  const onPostDeleted = useCallback(() => {
    setAnnouncement('The post was deleted.');
    // The card and its delete button are gone: focus the page heading rather than lose it.
    window.setTimeout(() => heading.current?.focus(), 0);
  }, []);

  const openCreate = () => {
    setAnnouncement('');
    setCreating(true);
  };

  let content: ReactNode;
  if (list.isPending || (list.data !== undefined && shown === undefined)) {
    content = (
      <>
        <p role="status" className="sr-only">
          Loading posts
        </p>
        <FeedSkeleton />
      </>
    );
  } else if (firstLoadFailed) {
    content = (
      <RetryAlert
        message={errorMessage(list.error, MESSAGES.community.loadFailed)}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (posts.length === 0) {
    content =
      query || category !== 'all' ? (
        <EmptyState
          icon={SearchX}
          title={
            query
              ? `No posts match “${query}”`
              : category === 'all'
                ? 'No posts yet'
                : `No ${CATEGORY_LABELS[category].toLowerCase()} posts yet`
          }
        >
          <p>Try another category or other words.</p>
        </EmptyState>
      ) : (
        <EmptyState icon={Users} title="No posts yet">
          <p>Start the conversation: ask a question or share what you are learning.</p>
          <button type="button" className={`${buttonPrimary} mt-5`} onClick={openCreate} disabled={silence !== null}>
            <Plus aria-hidden="true" className="size-4" />
            Create Post
          </button>
        </EmptyState>
      );
  } else {
    content = (
      <ul aria-label="Posts" className="space-y-4">
        {posts.map((post) => (
          // Not skipped while off screen (lazyListItem): a post with its replies is often taller than the
          // estimate, and a skipped one then lays its menus over the next post's, too close to tap.
          <li key={post._id}>
            <PostCard post={post} onDeleted={onPostDeleted} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1
            ref={heading}
            tabIndex={-1}
            className="text-3xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-4xl dark:text-white"
          >
            Community
          </h1>
          <p className="mt-2 text-slate-600 dark:text-slate-400">
            Questions, announcements and help from learners and mentors everywhere.
          </p>
        </div>
        <button
          type="button"
          className={`${buttonPrimary} shrink-0 self-start sm:self-auto`}
          onClick={openCreate}
          disabled={silence !== null}
        >
          <Plus aria-hidden="true" className="size-4" />
          Create Post
        </button>
      </div>

      {silence && (
        <div className="mt-6">
          <SilenceNotice silence={silence} />
        </div>
      )}

      <ListFilters
        stacked
        search={{
          label: 'Search posts',
          placeholder: "Search posts, tags and people's questions",
          value: search,
          onChange: setSearch,
          busy: searching,
        }}
      >
        {/* Five options do not fit a phone's width in one row: a select there, pills from 640 px up. */}
        <div className="sm:hidden">
          <label htmlFor="community-category" className="sr-only">
            Category
          </label>
          <select
            id="community-category"
            className={inputField}
            value={category}
            onChange={(event) => {
              const value = event.target.value;
              setCategory(value === 'all' || isCommunityCategory(value) ? value : 'all');
            }}
          >
            {CATEGORY_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.value === 'all' ? 'All categories' : option.label}
              </option>
            ))}
          </select>
        </div>
        <SegmentedControl
          legend="Category"
          options={CATEGORY_FILTERS}
          value={category}
          onChange={setCategory}
          className="hidden sm:block"
        />
      </ListFilters>

      <div
        className={`mt-6 transition-opacity ${list.isPlaceholderData ? 'opacity-60' : ''}`}
        aria-busy={list.isPlaceholderData || undefined}
      >
        {content}
      </div>

      {!list.isPending && !firstLoadFailed && (
        <p role="status" className="sr-only">
          {announcement || `${countLabel(posts.length, 'post', 'posts')} shown`}
        </p>
      )}

      {laterFailed && (
        <div className="mt-4">
          <ErrorAlert>{errorMessage(list.error, MESSAGES.community.loadFailed)}</ErrorAlert>
        </div>
      )}

      {list.hasNextPage && !firstLoadFailed && (
        <LoadMore loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />
      )}

      {(creating || pageLoaded) && (
        <Suspense fallback={null}>
          <CreatePostDialog
            open={creating}
            onClose={() => setCreating(false)}
            onCreated={() => {
              setCreating(false);
              setAnnouncement('Your post was published.');
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
