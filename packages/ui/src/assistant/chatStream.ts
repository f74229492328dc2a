import { chatResponseSchema, chatStreamDeltaSchema, chatStreamErrorSchema, MESSAGES } from '@mentora/contract';
import { viewerTimeZone } from '../components/formatters';
import { readSse } from './sse';

// POST /gemini/chat/stream (the event format is documented with its schemas in packages/contract). The api
// client (axios) cannot hand out a response body while it arrives, so this one call uses fetch, sending
// what the api client sends: the stored bearer token, the cookie (credentials: 'include') and JSON.

/** The assistant could not answer: `status` is the HTTP status (or the error event's), when there was one. */
export class ChatStreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** The server's own message, when it sent one. */
    readonly serverMessage?: string,
  ) {
    super(message);
    this.name = 'ChatStreamError';
  }
}

export interface StreamChatOptions {
  /** The Platform's apiBaseUrl: `/api` on the web, the configured server's `/api` on the desktop. */
  baseUrl: string;
  token: string | null;
  message: string;
  /** Called with each piece of the answer, in order. */
  onDelta: (delta: string) => void;
  signal?: AbortSignal;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function failureOf(response: Response): Promise<ChatStreamError> {
  let serverMessage: string | undefined;
  try {
    const body: unknown = await response.json();
    if (isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '') serverMessage = body.message;
  } catch {
    // Not JSON (a proxy's error page): the status is all there is.
  }
  return new ChatStreamError(serverMessage ?? `HTTP ${response.status}`, response.status, serverMessage);
}

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/**
 * Asks the assistant and streams its answer through `onDelta`; resolves with the whole answer (the `done`
 * event's, which is what the history keeps). Rejects with a ChatStreamError for any failure, before or
 * during the answer, and with the signal's reason when aborted.
 */
export async function streamChat({ baseUrl, token, message, onDelta, signal }: StreamChatOptions): Promise<string> {
  // The viewer's zone, so the assistant gives times (their sessions') as their own clock shows them.
  const timeZone = viewerTimeZone();
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/event-stream' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${baseUrl.replace(/\/+$/, '')}/gemini/chat/stream`, {
      method: 'POST',
      headers,
      credentials: 'include',
      body: JSON.stringify(timeZone ? { message, timeZone } : { message }),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ChatStreamError('Network error');
  }
  if (!response.ok) throw await failureOf(response);

  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('text/event-stream')) {
    // Not a stream after all (e.g. a proxy that buffers): take a whole answer if that is what came.
    const parsed = chatResponseSchema.safeParse(parseJson(await response.text()));
    if (!parsed.success) throw new ChatStreamError(MESSAGES.chat.error, response.status);
    onDelta(parsed.data.response);
    return parsed.data.response;
  }
  if (!response.body) throw new ChatStreamError(MESSAGES.chat.error, response.status);

  let received = '';
  for await (const event of readSse(response.body)) {
    const data = parseJson(event.data);
    if (event.event === 'message') {
      const piece = chatStreamDeltaSchema.safeParse(data);
      if (piece.success && piece.data.delta !== '') {
        received += piece.data.delta;
        onDelta(piece.data.delta);
      }
    } else if (event.event === 'done') {
      const done = chatResponseSchema.safeParse(data);
      return done.success ? done.data.response : received;
    } else if (event.event === 'error') {
      const failure = chatStreamErrorSchema.safeParse(data);
      throw failure.success
        ? new ChatStreamError(failure.data.message, failure.data.status, failure.data.message)
        : new ChatStreamError(MESSAGES.chat.error);
    }
  }
  if (signal?.aborted) throw signal.reason;
  // The connection ended without `done`: the answer is incomplete and was not saved.
  throw new ChatStreamError('The answer ended early');
}

/**
 * What the person reads when the assistant failed (SPEC.md section 8), except for a rate limit, whose
 * server message says when to try again.
 */
export function chatFailureText(error: unknown): string {
  if (error instanceof ChatStreamError && error.status === 429 && error.serverMessage) return error.serverMessage;
  return MESSAGES.chat.error;
}
