import type { ClassItem, CreateDiscussionRequest, Discussion, MessageResponse } from '@mentora/contract';
import {
  type InfiniteData,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext';
import { dashboardKeys } from '../dashboard/useDashboardData';
import { discussionDetailKey, discussionOptions } from './detailRequest';
import type { DiscussionMine } from './grouping';
import { type CursorPage, getCursorPage, nextCursorOf, PAGE_SIZE } from './paging';

export interface DiscussionListParams {
  classId?: string | undefined;
  search?: string | undefined;
  /** Only the caller's posts, or the discussions they replied to: filtered by the server. */
  mine?: DiscussionMine | undefined;
}

export const discussionKeys = {
  all: ['discussions'] as const,
  lists: ['discussions', 'list'] as const,
  list: (params: DiscussionListParams) =>
    [
      'discussions',
      'list',
      { classId: params.classId ?? '', search: params.search ?? '', mine: params.mine ?? '' },
    ] as const,
  detail: discussionDetailKey,
  /** A class's own record (title, mentor), for the list's heading and the detail's delete rule. */
  classInfo: (classId: string) => ['discussions', 'class', classId] as const,
};

export type DiscussionPages = InfiniteData<CursorPage<Discussion>, string | undefined>;

/** GET /discussions?classId=&search=&mine=, page by page ("Load more"). */
export function useDiscussionList(params: DiscussionListParams) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: discussionKeys.list(params),
    queryFn: ({ pageParam, signal }) =>
      getCursorPage<Discussion>(
        api,
        '/discussions',
        {
          limit: PAGE_SIZE,
          cursor: pageParam,
          classId: params.classId || undefined,
          search: params.search || undefined,
          mine: params.mine,
        },
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursorOf,
    // A new search or filter keeps the current list on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

/** GET /discussions/{id}: the discussion with its replies, oldest first. */
export function useDiscussion(id: string) {
  return useQuery(discussionOptions(useApi(), id));
}

/** GET /classes/{id}, only when `enabled`. */
export function useClassInfo(classId: string | undefined, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: discussionKeys.classInfo(classId ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get<ClassItem>(`/classes/${encodeURIComponent(classId ?? '')}`, { signal })).data,
    enabled: enabled && Boolean(classId),
  });
}

/** The classes someone may start a discussion in: enrolled ones, plus the ones they teach (mentors). */
export function useDiscussableClasses(withCreated: boolean) {
  const api = useApi();
  const enrolled = useQuery({
    queryKey: dashboardKeys.enrolled,
    queryFn: async () => (await api.get<ClassItem[]>('/classes/enrolled')).data,
  });
  const created = useQuery({
    queryKey: dashboardKeys.created,
    queryFn: async () => (await api.get<ClassItem[]>('/classes/created')).data,
    enabled: withCreated,
  });
  const queries = withCreated ? [enrolled, created] : [enrolled];
  const byId = new Map<string, ClassItem>();
  for (const query of queries) for (const cls of query.data ?? []) byId.set(cls._id, cls);
  return {
    classes: [...byId.values()].sort((a, b) => a.title.localeCompare(b.title)),
    loading: queries.some((query) => query.isPending),
    failed: queries.some((query) => query.isError),
  };
}

/** The lists (reply counts, new discussions) are stale after any change; the dashboard counts too. */
function invalidateLists(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: discussionKeys.lists });
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.discussions });
}

export function useCreateDiscussion() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateDiscussionRequest) => (await api.post<Discussion>('/discussions', input)).data,
    onSuccess: (discussion) => {
      queryClient.setQueryData(discussionKeys.detail(discussion._id), discussion);
      invalidateLists(queryClient);
    },
  });
}

/** POST /discussions/{id}/replies answers the updated discussion: it replaces the cached one. */
export function usePostReply(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (content: string) =>
      (await api.post<Discussion>(`/discussions/${encodeURIComponent(id)}/replies`, { content })).data,
    onSuccess: (discussion) => {
      queryClient.setQueryData(discussionKeys.detail(id), discussion);
      invalidateLists(queryClient);
    },
  });
}

/** Drops a deleted discussion from the cache, once nothing shows it any more. */
export function useForgetDiscussion() {
  const queryClient = useQueryClient();
  return (id: string) => queryClient.removeQueries({ queryKey: discussionKeys.detail(id), exact: true });
}

export function useDeleteDiscussion(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.delete<MessageResponse>(`/discussions/${encodeURIComponent(id)}`)).data,
    onSuccess: () => {
      // The detail stays cached until the page that shows it has gone (see forgetDiscussion).
      queryClient.setQueriesData<DiscussionPages>({ queryKey: discussionKeys.lists }, (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((d) => d._id !== id) })) }
          : data,
      );
      invalidateLists(queryClient);
    },
  });
}
