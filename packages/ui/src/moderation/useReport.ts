import type { CreateReportRequest, ModerationTargetType, Report, ReportResponse } from '@mentora/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api/ApiContext';

/**
 * The caller's report of one item, remembered for this session once sent: the API tells nobody what
 * they reported before, but the dialog can say "You reported this on …" when they open it again.
 */
export const reportKeys = {
  mine: (targetType: ModerationTargetType, targetId: string) => ['reports', 'mine', targetType, targetId] as const,
};

/** The report this session sent for the item, if any (never fetched: only what useSendReport stored). */
export function useMyReport(targetType: ModerationTargetType, targetId: string) {
  return useQuery<Report | null>({
    queryKey: reportKeys.mine(targetType, targetId),
    queryFn: () => null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * What holds each kind of item on screen: once a report leaves it hidden, the reporter's copies refresh
 * and show the notice at once (each page's queries.ts owns its root). A profile is read where it is shown,
 * with no list to refresh.
 */
const HOLDERS: Record<ModerationTargetType, readonly (readonly string[])[]> = {
  post: [['community']],
  postReply: [['community']],
  discussion: [['discussions']],
  reply: [['discussions']],
  review: [['reviews']],
  material: [['classes', 'materials']],
  user: [],
};

/** POST /reports: 201 for a new report, 200 when it replaced the caller's earlier one (`updated`). */
export function useSendReport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: CreateReportRequest) => {
      const response = await api.post<ReportResponse>('/reports', request);
      return { report: response.data.report, hidden: response.data.hidden, updated: response.status === 200 };
    },
    onSuccess: ({ report, hidden }, request) => {
      queryClient.setQueryData(reportKeys.mine(request.targetType, request.targetId), report ?? null);
      if (!hidden) return;
      for (const queryKey of HOLDERS[request.targetType]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
