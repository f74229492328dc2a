import {
  type MarkNotificationsReadRequest,
  MESSAGES,
  markNotificationsReadResponseSchema,
  type NotificationGroup,
  type NotificationListResponse,
  notificationListResponseSchema,
} from '@mentora/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api/ApiContext';
import { ResponseFormatError } from '../api/errors';

/** How many of the latest notifications the bell lists. */
export const NOTIFICATIONS_SHOWN = 20;

export const notificationKeys = {
  all: ['notifications'] as const,
  latest: ['notifications', 'latest'] as const,
  // Under `all`, so that live events and read marks that refetch the bell refetch the page too.
  pages: ['notifications', 'page'] as const,
  page: (filter: NotificationFilter) =>
    ['notifications', 'page', { unread: filter.unread, group: filter.group ?? '' }] as const,
};

/** The notifications page's filters (GET /notifications?unread=true&group=). */
export interface NotificationFilter {
  unread: boolean;
  group?: NotificationGroup | undefined;
}

/** How many the notifications page loads at a time. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** GET /notifications page by page, for the notifications page ("Load more"). */
export function useNotificationPages(filter: NotificationFilter) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: notificationKeys.page(filter),
    queryFn: async ({ pageParam, signal }): Promise<NotificationListResponse> => {
      const params = {
        limit: NOTIFICATIONS_PAGE_SIZE,
        cursor: pageParam,
        unread: filter.unread ? 'true' : undefined,
        group: filter.group,
      };
      const response = await api.get<unknown>('/notifications', { params, signal });
      const parsed = notificationListResponseSchema.safeParse(response.data);
      if (!parsed.success) throw new ResponseFormatError(MESSAGES.authResponse.invalid);
      return parsed.data;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Another filter keeps the current list on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

/** GET /notifications: the latest ones and how many are unread. */
export function useNotifications(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: notificationKeys.latest,
    queryFn: async ({ signal }): Promise<NotificationListResponse> => {
      const response = await api.get<unknown>('/notifications', { params: { limit: NOTIFICATIONS_SHOWN }, signal });
      const parsed = notificationListResponseSchema.safeParse(response.data);
      if (!parsed.success) throw new ResponseFormatError(MESSAGES.authResponse.invalid);
      return parsed.data;
    },
    enabled,
  });
}

/** POST /notifications/read: marks them read here at once, then takes the server's unread count. */
export function useMarkNotificationsRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: MarkNotificationsReadRequest) =>
      markNotificationsReadResponseSchema.parse((await api.post<unknown>('/notifications/read', request)).data),
    onMutate: (request) => {
      const ids = new Set(request.ids ?? []);
      queryClient.setQueryData<NotificationListResponse>(notificationKeys.latest, (data) => {
        if (!data) return data;
        const notifications = data.notifications.map((n) => (request.all || ids.has(n._id) ? { ...n, read: true } : n));
        const newlyRead = data.notifications.filter((n) => !n.read && (request.all || ids.has(n._id))).length;
        return {
          ...data,
          notifications,
          unreadCount: request.all ? 0 : Math.max(0, data.unreadCount - newlyRead),
        };
      });
    },
    onSuccess: ({ unreadCount }) => {
      queryClient.setQueryData<NotificationListResponse>(notificationKeys.latest, (data) =>
        data ? { ...data, unreadCount } : data,
      );
      // The page's lists (an unread filter loses what was just read).
      void queryClient.invalidateQueries({ queryKey: notificationKeys.pages });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
