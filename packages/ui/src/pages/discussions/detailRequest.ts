import type { Discussion } from '@mentora/contract';
import { queryOptions } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { FIRST_ANSWER_FRESH_MS } from '../pageData';

// The discussion's query, apart from the page: the detail page (queries.ts) and its route's loader
// (../../routes.tsx), which starts it alongside the page's code, ask for it the same way.

/** GET /discussions/{id}: the discussion with its replies. */
export const discussionPath = (id: string) => `/discussions/${encodeURIComponent(id)}`;

export const discussionDetailKey = (id: string) => ['discussions', 'detail', id] as const;

/** GET /discussions/{id}: the discussion with its replies, oldest first. */
export function discussionOptions(api: AxiosInstance, id: string) {
  return queryOptions({
    queryKey: discussionDetailKey(id),
    queryFn: async ({ signal }) => (await api.get<Discussion>(discussionPath(id), { signal })).data,
    staleTime: FIRST_ANSWER_FRESH_MS,
  });
}
