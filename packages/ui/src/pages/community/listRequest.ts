import type { CommunityCategory, CommunityPost } from '@mentora/contract';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { getCursorPage, nextCursorOf, PAGE_SIZE } from '../discussions/paging';
import { FIRST_ANSWER_FRESH_MS } from '../pageData';

// The feed's query, apart from the page: the community page (queries.ts) and its route's loader
// (../../routes.tsx), which starts the first page alongside the page's code, ask for it the same way.

export interface CommunityListParams {
  category?: CommunityCategory | undefined;
  search?: string | undefined;
}

/** The query of GET /community for one page of the feed (no cursor: the first). */
export function communityPageQuery(params: CommunityListParams, cursor: string | undefined) {
  return { limit: PAGE_SIZE, cursor, category: params.category, search: params.search || undefined };
}

export const communityKeys = {
  lists: ['community', 'list'] as const,
  list: (params: CommunityListParams) =>
    ['community', 'list', { category: params.category ?? '', search: params.search ?? '' }] as const,
};

/** The feed's search as a link gives it (the global search opens a post as /community?search=…#post-id). */
export const linkedSearchOf = (search: string) => new URLSearchParams(search).get('search') ?? '';

/** GET /community?category=&search=, page by page ("Load more"). */
export function communityListOptions(api: AxiosInstance, params: CommunityListParams) {
  return infiniteQueryOptions({
    queryKey: communityKeys.list(params),
    queryFn: ({ pageParam, signal }) =>
      getCursorPage<CommunityPost>(api, '/community', communityPageQuery(params, pageParam), signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursorOf,
    // A new search or filter keeps the current list on screen until its answer arrives.
    placeholderData: keepPreviousData,
    staleTime: FIRST_ANSWER_FRESH_MS,
  });
}
