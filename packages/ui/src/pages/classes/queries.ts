import { type ClassItem, type ClassListResponse, MESSAGES } from '@mentora/contract';
import { keepPreviousData, type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext';
import { ResponseFormatError } from '../../api/errors';
import { type ClassListParams, classListQuery } from './listRequest';

// Everything about classes sits under ['classes'] (the dashboard's enrolled and created lists too), so one
// invalidation after an enrolment, a new class or a deletion refreshes every screen that shows classes.
export const classKeys = {
  all: ['classes'] as const,
  lists: ['classes', 'list'] as const,
  list: (params: ClassListParams) => ['classes', 'list', params] as const,
  detail: (id: string) => ['classes', 'detail', id] as const,
  enrollment: (id: string) => ['classes', 'enrollment', id] as const,
};

export const reviewKeys = {
  all: (classId: string) => ['reviews', classId] as const,
  list: (classId: string) => ['reviews', classId, 'list'] as const,
  average: (classId: string) => ['reviews', classId, 'average'] as const,
};

/** GET /classes with server-side search and filters, a page at a time over nextCursor. */
export function useClassList(params: ClassListParams) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: classKeys.list(params),
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
  });
}

/** GET /classes/{id}: the class with its enrolled students, status, live flag and rating. */
export function useClassDetail(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: classKeys.detail(id),
    queryFn: async ({ signal }) => {
      const { data } = await api.get<ClassItem | null>(`/classes/${encodeURIComponent(id)}`, { signal });
      if (!data || typeof data._id !== 'string') throw new ResponseFormatError(MESSAGES.classDetail.noData);
      return data;
    },
  });
}

/** GET /classes/{id}/enrollment: whether the signed-in person is enrolled. */
export function useEnrollment(id: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: classKeys.enrollment(id),
    enabled,
    queryFn: async ({ signal }) =>
      (await api.get<{ isEnrolled: boolean }>(`/classes/${encodeURIComponent(id)}/enrollment`, { signal })).data,
  });
}

/** After enrolling or unenrolling: the class, its lists, the dashboard's numbers and the discussions it opens. */
export async function refreshAfterMembershipChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: classKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['discussions'] }),
  ]);
}
