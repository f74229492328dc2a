import {
  type AdminUser,
  type AuditLogResponse,
  type ClassListResponse,
  type Discussion,
  MESSAGES,
  PAGINATION,
} from '@mentora/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext';
import { ResponseFormatError } from '../../api/errors';

/** Rows per "Load more" page of the classes and discussions lists. */
export const ADMIN_PAGE_SIZE = PAGINATION.defaultLimit;

// The people lists and the audit log sit under ['admin']; the classes and discussions lists under
// ['classes'] and ['discussions'], so the other screens' invalidations refresh them too.
export const adminKeys = {
  all: ['admin'] as const,
  mentors: ['admin', 'mentors'] as const,
  learners: ['admin', 'learners'] as const,
  admins: ['admin', 'admins'] as const,
  audit: ['admin', 'audit'] as const,
  classes: ['classes', 'admin'] as const,
  discussions: ['discussions', 'admin'] as const,
};

const malformed = () => new ResponseFormatError(MESSAGES.admin.fetchFailed);

function usePeople(key: readonly string[], path: string) {
  const api = useApi();
  return useQuery({
    queryKey: key,
    // Each with the sanction in force, if any (`sanction`, null when none).
    queryFn: async ({ signal }): Promise<AdminUser[]> => {
      const { data } = await api.get<AdminUser[]>(path, { signal });
      if (!Array.isArray(data)) throw malformed();
      return data;
    },
  });
}

/** GET /users/mentors: every mentor (role mentor or both), newest first. */
export const useMentors = () => usePeople(adminKeys.mentors, '/users/mentors');
/** GET /users/learners: every learner (role learner or both), newest first. */
export const useLearners = () => usePeople(adminKeys.learners, '/users/learners');
/** GET /users/admins: every administrator, newest first. */
export const useAdmins = () => usePeople(adminKeys.admins, '/users/admins');

/** GET /classes?filter=all: every class (an admin sees them all), newest first, a page at a time. */
export function useAdminClasses() {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: adminKeys.classes,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<ClassListResponse> => {
      const { data } = await api.get<ClassListResponse>('/classes', {
        signal,
        params: { filter: 'all', limit: ADMIN_PAGE_SIZE, cursor: pageParam ?? undefined },
      });
      if (!Array.isArray(data?.classes)) throw malformed();
      return data;
    },
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}

export interface DiscussionPage {
  discussions: Discussion[];
  nextCursor: string | null;
}

/** GET /discussions/all: every discussion of every class, newest first; the next cursor comes in X-Next-Cursor. */
export function useAdminDiscussions() {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: adminKeys.discussions,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<DiscussionPage> => {
      const response = await api.get<{ discussions: Discussion[] }>('/discussions/all', {
        signal,
        params: { limit: ADMIN_PAGE_SIZE, cursor: pageParam ?? undefined },
      });
      if (!Array.isArray(response.data?.discussions)) throw malformed();
      const next: unknown = response.headers['x-next-cursor'];
      return {
        discussions: response.data.discussions,
        nextCursor: typeof next === 'string' && next !== '' ? next : null,
      };
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** GET /admin/audit-log: what admins did, newest first, a page at a time. */
export function useAuditLog() {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: adminKeys.audit,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<AuditLogResponse> => {
      const { data } = await api.get<AuditLogResponse>('/admin/audit-log', {
        signal,
        params: { limit: ADMIN_PAGE_SIZE, cursor: pageParam ?? undefined },
      });
      if (!Array.isArray(data?.entries)) throw malformed();
      return data;
    },
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}
