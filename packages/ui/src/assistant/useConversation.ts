import { type ChatHistoryItem, MESSAGES, STORAGE_KEYS } from '@mentora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useApi } from '../api/ApiContext';
import { usePlatform } from '../platform/PlatformContext';
import { ChatStreamError, chatFailureText, streamChat } from './chatStream';
import { plainText } from './markdown';
import { assistantKeys, useChatHistory } from './queries';

/** The server keeps this many messages (GET /gemini/history). */
const HISTORY_LIMIT = 50;

export interface ChatLine {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** `waiting`: asked, no piece yet (the typing indicator); `streaming`: pieces arriving; `error`: failed. */
  state: 'done' | 'waiting' | 'streaming' | 'error';
}

let nextId = 0;
const newId = () => `line-${++nextId}`;

const fromHistory = (items: ChatHistoryItem[]): ChatLine[] =>
  items.map((item, index) => ({ id: `history-${index}`, role: item.role, content: item.content, state: 'done' }));

/**
 * The conversation with the assistant: the stored history (loaded once the chat is first opened), then
 * what was said since. Lives as long as the widget, so closing the panel does not stop an answer.
 */
export function useConversation(opened: boolean) {
  const api = useApi();
  const platform = usePlatform();
  const queryClient = useQueryClient();
  const history = useChatHistory(opened);
  // null until the person says something (or clears): until then the history is the conversation.
  const [local, setLocal] = useState<ChatLine[] | null>(null);
  const [busy, setBusy] = useState(false);
  // The state update above lands after a render; this guard stops a second send in the same moment.
  const busyNow = useRef(false);
  const inFlight = useRef<AbortController | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => () => inFlight.current?.abort(), []);

  const lines = local ?? fromHistory(history.data ?? []);
  const historyLoading = opened && local === null && history.isPending;
  const canSend = !busy && !historyLoading;

  const send = useCallback(
    async (text: string): Promise<boolean> => {
      const message = text.trim();
      // SPEC.md section 5: a blank message, or one while an answer is awaited, is ignored.
      if (message === '' || busyNow.current || historyLoading) return false;
      busyNow.current = true;
      setBusy(true);
      const answerId = newId();
      const base = fromHistory(history.data ?? []);
      setLocal((current) => [
        ...(current ?? base),
        { id: newId(), role: 'user', content: message, state: 'done' },
        { id: answerId, role: 'assistant', content: '', state: 'waiting' },
      ]);
      const update = (change: Partial<ChatLine> | ((line: ChatLine) => Partial<ChatLine>)) =>
        setLocal((current) =>
          (current ?? []).map((line) =>
            line.id === answerId ? { ...line, ...(typeof change === 'function' ? change(line) : change) } : line,
          ),
        );

      const controller = new AbortController();
      inFlight.current = controller;
      const askedAt = new Date().toISOString();
      try {
        const answer = await streamChat({
          baseUrl: platform.apiBaseUrl,
          token: platform.storage.get(STORAGE_KEYS.token),
          message,
          signal: controller.signal,
          onDelta: (delta) => update((line) => ({ content: line.content + delta, state: 'streaming' })),
        });
        update({ content: answer, state: 'done' });
        setAnnouncement(plainText(answer));
        // The server stored the exchange: keep the cached history in step, for the next time the widget mounts.
        queryClient.setQueryData<ChatHistoryItem[]>(assistantKeys.history, (old) =>
          [
            ...(old ?? []),
            { role: 'user' as const, content: message, createdAt: askedAt },
            { role: 'assistant' as const, content: answer, createdAt: new Date().toISOString() },
          ].slice(-HISTORY_LIMIT),
        );
      } catch (error) {
        if (controller.signal.aborted) return false;
        if (error instanceof ChatStreamError && error.status === 401) {
          // fetch bypasses the api client and its 401 rule (SPEC.md section 8): ask through the client,
          // which signs out and goes to /login if the session has really ended.
          void api.get('/gemini/status').catch(() => undefined);
        }
        const failure = chatFailureText(error);
        update({ content: failure, state: 'error' });
        setAnnouncement(failure);
      } finally {
        if (inFlight.current === controller) {
          inFlight.current = null;
          busyNow.current = false;
          setBusy(false);
        }
      }
      return true;
    },
    [api, history.data, historyLoading, platform, queryClient],
  );

  const clear = useMutation({
    mutationFn: async () => (await api.delete<{ message?: string }>('/gemini/history')).data,
    onSuccess: (data) => {
      setLocal([]);
      queryClient.setQueryData<ChatHistoryItem[]>(assistantKeys.history, []);
      setAnnouncement('');
      toast.success(data?.message || MESSAGES.assistant.historyCleared);
    },
  });

  return {
    lines,
    busy,
    canSend,
    historyLoading,
    historyFailed: local === null && history.isError,
    retryHistory: () => void history.refetch(),
    send,
    clear,
    /** The last finished answer (or failure) as text, for the live region. */
    announcement,
  };
}
