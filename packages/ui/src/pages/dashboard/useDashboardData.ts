import { type ClassItem, type Discussion, MESSAGES, PAGINATION } from '@mentora/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext';
import { errorMessage, errorStatus } from '../../api/errors';

export interface DiscussionsPage {
  items: Discussion[];
  /** More discussions exist than the page holds (the server sent a next cursor). */
  more: boolean;
}

export const dashboardKeys = {
  enrolled: ['classes', 'enrolled'] as const,
  created: ['classes', 'created'] as const,
  discussions: ['discussions', 'dashboard'] as const,
};

/** The three lists the dashboard is built from (GET /classes/enrolled, /classes/created, /discussions). */
export function useDashboardData({ withCreated }: { withCreated: boolean }) {
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

  const discussions = useQuery({
    queryKey: dashboardKeys.discussions,
    queryFn: async (): Promise<DiscussionsPage> => {
      try {
        const response = await api.get<Discussion[]>('/discussions', { params: { limit: PAGINATION.maxLimit } });
        return { items: response.data, more: Boolean(response.headers['x-next-cursor']) };
      } catch (error) {
        // 403 'You are not enrolled in any classes': nothing to discuss yet, which is zero, not a failure.
        if (errorStatus(error) === 403) return { items: [], more: false };
        throw error;
      }
    },
  });

  const queries = withCreated ? [enrolled, created, discussions] : [enrolled, discussions];
  return {
    enrolled: enrolled.data ?? [],
    created: created.data ?? [],
    discussions: discussions.data ?? { items: [], more: false },
    loading: queries.some((query) => query.isPending),
    failed: queries.some((query) => query.isError),
    /** What went wrong: the first failed call's server message, or the dashboard's own. */
    failure: errorMessage(queries.find((query) => query.isError)?.error, MESSAGES.dashboard.loadFailed),
    retry: () => {
      for (const query of queries) if (query.isError) void query.refetch();
    },
  };
}
