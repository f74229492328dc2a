import {
  type AssistantStatus,
  assistantStatusSchema,
  type ChatHistoryItem,
  chatHistoryResponseSchema,
  MESSAGES,
} from '@mentora/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/ApiContext';
import { ResponseFormatError } from '../api/errors';

export const assistantKeys = {
  all: ['assistant'] as const,
  status: ['assistant', 'status'] as const,
  history: ['assistant', 'history'] as const,
};

/** GET /gemini/status: which provider answers. It changes only with the server's configuration. */
export function useAssistantStatus(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: assistantKeys.status,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }): Promise<AssistantStatus> => {
      const parsed = assistantStatusSchema.safeParse((await api.get<unknown>('/gemini/status', { signal })).data);
      if (!parsed.success) throw new ResponseFormatError(MESSAGES.authResponse.invalid);
      return parsed.data;
    },
  });
}

/**
 * GET /gemini/history: the last 50 messages, oldest first, loaded when the chat first opens. The chat
 * keeps its own copy afterwards (and writes finished exchanges back here), so it is never refetched
 * behind the person's back.
 */
export function useChatHistory(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: assistantKeys.history,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }): Promise<ChatHistoryItem[]> => {
      const parsed = chatHistoryResponseSchema.safeParse((await api.get<unknown>('/gemini/history', { signal })).data);
      if (!parsed.success) throw new ResponseFormatError(MESSAGES.authResponse.invalid);
      return parsed.data;
    },
  });
}

export const PROVIDER_LABELS: Record<AssistantStatus['provider'], string> = {
  gemini: 'Gemini',
  offline: 'Offline assistant',
};
