import {
  MESSAGES,
  type NotificationPreferencesResponse,
  notificationPreferencesResponseSchema,
  type UpdateNotificationPreferencesRequest,
} from '@mentora/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext';
import { ResponseFormatError } from '../../api/errors';

// How each topic of notification reaches the caller (GET/PUT /notifications/preferences, issue #29).

export const preferencesKey = ['notificationPreferences'] as const;

export function preferencesOf(data: unknown): NotificationPreferencesResponse {
  const parsed = notificationPreferencesResponseSchema.safeParse(data);
  if (!parsed.success) throw new ResponseFormatError(MESSAGES.notificationPreferences.loadFailed);
  return parsed.data;
}

export function useNotificationPreferences(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: preferencesKey,
    enabled,
    queryFn: async ({ signal }) =>
      preferencesOf((await api.get<unknown>('/notifications/preferences', { signal })).data),
  });
}

export function useSavePreferences() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: UpdateNotificationPreferencesRequest) =>
      preferencesOf((await api.put<unknown>('/notifications/preferences', change)).data),
    onSuccess: (data) => queryClient.setQueryData(preferencesKey, data),
  });
}
