import type { MentorDashboard } from '@mentora/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext';

export const mentorOverviewKey = ['dashboard', 'mentor'] as const;

/** What waits for a mentor in the classes they teach (GET /dashboard/mentor): asked only by those who teach. */
export function useMentorOverview(teaches: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: mentorOverviewKey,
    queryFn: async () => (await api.get<MentorDashboard>('/dashboard/mentor')).data,
    enabled: teaches,
  });
}
