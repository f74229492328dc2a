import {
  MESSAGES,
  type ModerationEntry,
  type ModerationQueueQuery,
  type ModerationQueueResponse,
  type ModerationStatsResponse,
  type ResolveModerationRequest,
} from '@mentora/contract';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../api/ApiContext';
import { ResponseFormatError } from '../../../api/errors';

/** Entries per "Load more" page of the queue. */
export const QUEUE_PAGE_SIZE = 20;

export type QueueFilters = Pick<ModerationQueueQuery, 'status' | 'targetType' | 'reason' | 'source'>;
export type QueuePages = InfiniteData<ModerationQueueResponse, string | null>;

// The queue's lists by filters, the open count (the nav link and the tab show it, the live event sets
// it) and the 30-day figures, all under ['moderation'] so a resync refreshes them together.
export const moderationKeys = {
  all: ['moderation'] as const,
  lists: ['moderation', 'queue'] as const,
  list: (filters: QueueFilters) => ['moderation', 'queue', filters] as const,
  openCount: ['moderation', 'openCount'] as const,
  stats: ['moderation', 'stats'] as const,
};

const malformed = () => new ResponseFormatError(MESSAGES.admin.fetchFailed);

/** GET /moderation/queue: highest score first, a page at a time; each answer also brings the open count. */
export function useModerationQueue(filters: QueueFilters) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: moderationKeys.list(filters),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<ModerationQueueResponse> => {
      const { data } = await api.get<ModerationQueueResponse>('/moderation/queue', {
        signal,
        params: { ...filters, limit: QUEUE_PAGE_SIZE, cursor: pageParam ?? undefined },
      });
      if (!Array.isArray(data?.items)) throw malformed();
      queryClient.setQueryData(moderationKeys.openCount, data.openCount);
      return data;
    },
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}

/**
 * How many queue entries are open, for admins only (`enabled`). Fetched once (a one-entry page of the
 * queue); after that the `moderation.queue` live event and each resolve keep it current.
 */
export function useOpenCount(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: moderationKeys.openCount,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }): Promise<number> => {
      const { data } = await api.get<ModerationQueueResponse>('/moderation/queue', { signal, params: { limit: 1 } });
      if (typeof data?.openCount !== 'number') throw malformed();
      return data.openCount;
    },
  });
}

/** GET /moderation/stats: the last 30 days, for the chart. */
export function useModerationStats() {
  const api = useApi();
  return useQuery({
    queryKey: moderationKeys.stats,
    queryFn: async ({ signal }): Promise<ModerationStatsResponse> => {
      const { data } = await api.get<ModerationStatsResponse>('/moderation/stats', { signal });
      if (!Array.isArray(data?.days)) throw malformed();
      return data;
    },
  });
}

/** Takes one entry out of every cached list (it is no longer open, or is back in place by a refetch). */
export function withoutEntry(pages: QueuePages | undefined, entryId: string): QueuePages | undefined {
  if (!pages) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({ ...page, items: page.items.filter((i) => i._id !== entryId) })),
  };
}

/**
 * POST /moderation/queue/{id}/resolve. Its answer takes the entry out of the open lists and counts one
 * fewer open at once (the live event that follows brings the exact count); the figures are fetched again.
 */
export function useResolve() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ entryId, body }: { entryId: string; body: ResolveModerationRequest }) => {
      const { data } = await api.post<ModerationEntry>(`/moderation/queue/${entryId}/resolve`, body);
      return data;
    },
    onSuccess: (entry, { entryId }) => {
      for (const [key] of queryClient.getQueriesData<QueuePages>({ queryKey: moderationKeys.lists })) {
        const filters = key[2] as QueueFilters | undefined;
        // An open list loses it; a list of resolved entries gains it on its next fetch.
        if ((filters?.status ?? 'open') === 'open')
          queryClient.setQueryData<QueuePages>(key, (p) => withoutEntry(p, entryId));
        else void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
      if (entry?.status === 'resolved') {
        queryClient.setQueryData<number>(moderationKeys.openCount, (n) => (n === undefined ? n : Math.max(0, n - 1)));
      }
      void queryClient.invalidateQueries({ queryKey: moderationKeys.stats });
    },
  });
}
