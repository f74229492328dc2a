import {
  CLASS_CATEGORIES,
  type ClassCategory,
  type ClassFilter,
  type ClassListResponse,
  MESSAGES,
} from '@mentora/contract';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { ResponseFormatError } from '../../api/errors';
import { FIRST_ANSWER_FRESH_MS } from '../pageData';

// The classes list's query, apart from the page: the page (queries.ts) and its route's loader
// (../../routes.tsx), which starts the first page alongside the page's code, ask for it the same way.

/** Classes per "Load more" page: fills 1, 2, 3 and 4 column grids evenly. */
export const CLASSES_PAGE_SIZE = 12;

export const classListKeys = {
  lists: ['classes', 'list'] as const,
  list: (params: ClassListParams) => ['classes', 'list', params] as const,
};

export interface ClassListParams {
  search: string;
  filter: ClassFilter;
  category: ClassCategory | '';
}

const isCategory = (value: string | null): value is ClassCategory =>
  value !== null && (CLASS_CATEGORIES as readonly string[]).includes(value);

/** The list's search (`q`), filter and category as the page's URL gives them; `created` is for mentors only. */
export function classListParamsFrom(searchParams: URLSearchParams, mayFilterCreated: boolean): ClassListParams {
  const rawFilter = searchParams.get('filter');
  const filter: ClassFilter =
    rawFilter === 'enrolled' || (rawFilter === 'created' && mayFilterCreated) ? rawFilter : 'all';
  const rawCategory = searchParams.get('category');
  return {
    search: searchParams.get('q')?.trim() ?? '',
    filter,
    category: isCategory(rawCategory) ? rawCategory : '',
  };
}

/** The query of GET /classes for one page of the list (no cursor: the first). */
export function classListQuery(params: ClassListParams, cursor: string | null) {
  return {
    search: params.search || undefined,
    filter: params.filter,
    category: params.category || undefined,
    limit: CLASSES_PAGE_SIZE,
    cursor: cursor ?? undefined,
  };
}

/** GET /classes with server-side search and filters, a page at a time over nextCursor. */
export function classListOptions(api: AxiosInstance, params: ClassListParams) {
  return infiniteQueryOptions({
    queryKey: classListKeys.list(params),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const response = await api.get<ClassListResponse>('/classes', {
        signal,
        params: classListQuery(params, pageParam),
      });
      if (!Array.isArray(response.data?.classes)) throw new ResponseFormatError(MESSAGES.classes.loadFailed);
      return response.data;
    },
    getNextPageParam: (last) => last.nextCursor ?? null,
    // While a new search loads, the previous results stay (marked as updating) instead of a blank grid.
    placeholderData: keepPreviousData,
    staleTime: FIRST_ANSWER_FRESH_MS,
  });
}
