import {
  type ClassInsight,
  type ClassItem,
  type ClassSession,
  type ClassSessionRequest,
  type ClassSessionsResponse,
  type CreateClassRequest,
  type LiveResponse,
  type LiveRoomResponse,
  MESSAGES,
  type RosterResponse,
  type UpdateClassRequest,
} from '@mentora/contract';
import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext';
import { ResponseFormatError } from '../../api/errors';
import type { PendingExternal } from '../../platform/platform';
import { type ClassListParams, classListKeys, classListOptions } from './listRequest';

// Everything about classes sits under ['classes'] (the dashboard's enrolled and created lists too), so one
// invalidation after an enrolment, a new class or a deletion refreshes every screen that shows classes.
export const classKeys = {
  all: ['classes'] as const,
  ...classListKeys,
  detail: (id: string) => ['classes', 'detail', id] as const,
  enrolment: (id: string) => ['classes', 'enrolment', id] as const,
  roster: (id: string) => ['classes', 'roster', id] as const,
  insight: (id: string) => ['classes', 'insight', id] as const,
  sessions: (id: string) => ['classes', 'sessions', id] as const,
};

export const reviewKeys = {
  all: (classId: string) => ['reviews', classId] as const,
  list: (classId: string) => ['reviews', classId, 'list'] as const,
  average: (classId: string) => ['reviews', classId, 'average'] as const,
};

/** GET /classes with server-side search and filters, a page at a time over nextCursor. */
export function useClassList(params: ClassListParams) {
  return useInfiniteQuery(classListOptions(useApi(), params));
}

function classPath(id: string): string {
  return `/classes/${encodeURIComponent(id)}`;
}

/** GET /classes/{id}: the class with its enrolled students, status, live flag and rating. */
export function useClassDetail(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: classKeys.detail(id),
    queryFn: async ({ signal }) => {
      const { data } = await api.get<ClassItem | null>(classPath(id), { signal });
      if (!data || typeof data._id !== 'string') throw new ResponseFormatError(MESSAGES.classDetail.noData);
      return data;
    },
  });
}

/** GET /classes/{id}/enrollment: whether the signed-in person is enrolled. */
export function useEnrolment(id: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: classKeys.enrolment(id),
    enabled,
    queryFn: async ({ signal }) =>
      (await api.get<{ isEnrolled: boolean }>(`${classPath(id)}/enrollment`, { signal })).data,
  });
}

/** After enrolling or unenrolling: the class, its lists, the dashboard's numbers and the discussions it opens. */
export async function refreshAfterMembershipChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: classKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['discussions'] }),
  ]);
}

/** POST /classes: the new class; every list of classes is stale once it exists. */
export function useCreateClass() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: CreateClassRequest) => (await api.post<ClassItem>('/classes', request)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classKeys.all }),
  });
}

/**
 * PUT /classes/{id}: every field, status included. Settles once every screen showing classes is refreshed
 * (the dashboard's completed count among them), so the page it returns to shows the change.
 */
export function useUpdateClass(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: UpdateClassRequest) => (await api.put<ClassItem>(classPath(id), request)).data,
    onSuccess: (updated) => {
      queryClient.setQueryData(classKeys.detail(id), updated);
      return queryClient.invalidateQueries({ queryKey: classKeys.all });
    },
  });
}

/** GET /classes/{id}/roster: the enrolled learners and when each enrolled (its mentor and admins). */
export function useRoster(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: classKeys.roster(id),
    queryFn: async ({ signal }) => {
      const { data } = await api.get<RosterResponse>(`${classPath(id)}/roster`, { signal });
      if (!Array.isArray(data?.learners)) throw new ResponseFormatError(MESSAGES.roster.loadFailed);
      return data.learners;
    },
  });
}

/** GET /classes/{id}/insight: the class's figures per week, its stars and its discussions' sentiment (its mentor and admins). */
export function useClassInsight(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: classKeys.insight(id),
    queryFn: async ({ signal }) => {
      const { data } = await api.get<ClassInsight>(`${classPath(id)}/insight`, { signal });
      if (!Array.isArray(data?.weeks)) throw new ResponseFormatError(MESSAGES.insight.loadFailed);
      return data;
    },
  });
}

/** DELETE /classes/{id}/roster/{userId}: the learner leaves the roster, the class's counts and every list. */
export function useRemoveFromRoster(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete(`${classPath(id)}/roster/${encodeURIComponent(userId)}`),
    onSuccess: () => refreshAfterMembershipChange(queryClient),
  });
}

/**
 * POST /classes/{id}/enroll. Settles once the screens are refreshed, so the caller's own onSuccess finds
 * the page already showing the enrolment. A refusal (a full class, an enrolment changed elsewhere) reloads
 * the class as it is now.
 */
export function useEnrol(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`${classPath(id)}/enroll`),
    onSuccess: () => refreshAfterMembershipChange(queryClient),
    onError: () => void queryClient.invalidateQueries({ queryKey: classKeys.detail(id) }),
  });
}

/** POST /classes/{id}/unenroll; like useEnrol, settles once the screens are refreshed. */
export function useUnenrol(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`${classPath(id)}/unenroll`),
    onSuccess: () => refreshAfterMembershipChange(queryClient),
  });
}

/**
 * DELETE /classes/{id}. The cache is left alone: the page still shows the class, and dropping it now would
 * make that page ask for it again. The caller leaves the page, then calls useForgetClass's function.
 */
export function useDeleteClass(id: string) {
  const api = useApi();
  return useMutation({ mutationFn: () => api.delete(classPath(id)) });
}

/** Drops a deleted class from the cache, so nothing asks for it again, then refreshes every list. */
export function useForgetClass() {
  const queryClient = useQueryClient();
  return (id: string) => {
    queryClient.removeQueries({ queryKey: classKeys.detail(id) });
    queryClient.removeQueries({ queryKey: classKeys.enrolment(id) });
    queryClient.removeQueries({ queryKey: reviewKeys.all(id) });
    return refreshAfterMembershipChange(queryClient);
  };
}

// Both live actions take the tab the click opened (Platform's openExternalLater) as the mutation's
// variable, so the caller's callbacks can send it to the room or close it.

/** POST /classes/{id}/live: its mentor starts (or reopens) the session; the class is live from now on. */
export function useStartLive(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (_tab: PendingExternal) => (await api.post<LiveRoomResponse>(`${classPath(id)}/live`)).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: classKeys.all }),
  });
}

/** GET /classes/{id}/live: the room for an enrolled learner; a changed live flag reloads the class. */
export function useJoinLive(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (_tab: PendingExternal) => (await api.get<LiveResponse>(`${classPath(id)}/live`)).data,
    onSuccess: ({ live }) => {
      if (live !== queryClient.getQueryData<ClassItem>(classKeys.detail(id))?.live)
        void queryClient.invalidateQueries({ queryKey: classKeys.detail(id) });
    },
  });
}

/** POST /classes/{id}/live/room: a new room link for its mentor; the old one stops working. */
export function useRotateRoom(id: string) {
  const api = useApi();
  return useMutation({
    mutationFn: async () => (await api.post<LiveRoomResponse>(`${classPath(id)}/live/room`)).data,
  });
}

/** GET /classes/{id}/sessions: the upcoming sessions, soonest first (its members only: pass enabled). */
export function useClassSessions(id: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: classKeys.sessions(id),
    enabled,
    queryFn: async ({ signal }) => {
      const { data } = await api.get<ClassSessionsResponse>(`${classPath(id)}/sessions`, { signal });
      if (!Array.isArray(data?.sessions)) throw new ResponseFormatError(MESSAGES.sessions.loadFailed);
      return data.sessions;
    },
  });
}

/** POST a new session, or PUT a change to one (sessionId given); the list is read again after. */
export function useSaveSession(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ sessionId, input }: { sessionId?: string; input: ClassSessionRequest }) =>
      sessionId
        ? (await api.put<ClassSession>(`${classPath(id)}/sessions/${encodeURIComponent(sessionId)}`, input)).data
        : (await api.post<ClassSession>(`${classPath(id)}/sessions`, input)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: classKeys.sessions(id) }),
  });
}

/** DELETE /classes/{id}/sessions/{sid}: cancels it (learners are told). */
export function useCancelSession(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string) =>
      (await api.delete(`${classPath(id)}/sessions/${encodeURIComponent(sessionId)}`)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: classKeys.sessions(id) }),
  });
}

/** GET the session's .ics as text (with the caller's credentials, as any API call), to save as a file. */
export function useSessionCalendar(id: string) {
  const api = useApi();
  return useMutation({
    mutationFn: async (sessionId: string) =>
      (
        await api.get<string>(`${classPath(id)}/sessions/${encodeURIComponent(sessionId)}.ics`, {
          responseType: 'text',
        })
      ).data,
  });
}
