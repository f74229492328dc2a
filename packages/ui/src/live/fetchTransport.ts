import { LIVE_EVENT_NAMES, type LiveEventName } from '@mentora/contract';
import { readSse, SseParser } from '../assistant/sse';
import type { LiveTransport } from './transport';

// The live stream read with fetch, for a shell that signs in with a bearer token and has no session
// cookie (the desktop app: its page and the server are different origins). EventSource cannot send an
// Authorization header, so this does by hand what EventSource does: reconnect after the server's
// `retry:` hint, resending the last event id (Last-Event-ID) so the server replays what was missed.

export interface FetchTransportOptions {
  /** The stored bearer token; no token, no stream. */
  getToken(): string | null;
  fetch?: typeof fetch;
  /** Wait before reconnecting until the server sends its `retry:` hint. */
  retryMs?: number;
  /** Longest wait between attempts while they keep failing (the wait doubles from the hint up to this). */
  maxRetryMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

const DEFAULT_RETRY_MS = 3_000;
const DEFAULT_MAX_RETRY_MS = 60_000;
const NAMES: readonly string[] = LIVE_EVENT_NAMES;

function isLiveEventName(name: string): name is LiveEventName {
  return NAMES.includes(name);
}

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function createFetchTransport({
  getToken,
  fetch: fetchImpl = (...args) => globalThis.fetch(...args),
  retryMs = DEFAULT_RETRY_MS,
  maxRetryMs = DEFAULT_MAX_RETRY_MS,
  setTimer = (run, ms) => setTimeout(run, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: FetchTransportOptions): LiveTransport {
  return ({ apiBaseUrl, onEvent }) => {
    const url = `${apiBaseUrl.replace(/\/+$/, '')}/events`;
    let closed = false;
    let controller: AbortController | null = null;
    let timer: unknown;
    let lastEventId: string | undefined;
    let hintMs = retryMs;
    let failures = 0;

    const reconnectLater = (failed: boolean) => {
      if (closed) return;
      if (failed) failures += 1;
      const wait = failed ? Math.min(maxRetryMs, hintMs * 2 ** Math.min(failures - 1, 10)) : hintMs;
      timer = setTimer(() => void connect(), wait);
    };

    async function connect(): Promise<void> {
      const token = getToken();
      if (closed || !token) return;
      controller = new AbortController();
      const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${token}` };
      if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
      let response: Response;
      try {
        response = await fetchImpl(url, { headers, cache: 'no-store', credentials: 'omit', signal: controller.signal });
      } catch {
        reconnectLater(true);
        return;
      }
      // The session has ended (logout elsewhere, account deleted): the next API call signs the person out.
      if (response.status === 401) return;
      const type = response.headers.get('Content-Type') ?? '';
      if (!response.ok || !response.body || !type.includes('text/event-stream')) {
        await response.body?.cancel().catch(() => undefined);
        reconnectLater(true);
        return;
      }
      failures = 0;
      const parser = new SseParser();
      try {
        for await (const event of readSse(response.body, parser)) {
          if (parser.retryMs !== undefined) hintMs = parser.retryMs;
          if (event.id !== undefined) lastEventId = event.id;
          if (closed) return;
          if (isLiveEventName(event.event)) onEvent(event.event, parse(event.data));
        }
        if (parser.retryMs !== undefined) hintMs = parser.retryMs;
      } catch {
        // The connection broke mid-stream (network, server restart): reconnect like a normal end.
      }
      reconnectLater(false);
    }

    void connect();
    return {
      close() {
        closed = true;
        clearTimer(timer);
        controller?.abort();
      },
    };
  };
}
