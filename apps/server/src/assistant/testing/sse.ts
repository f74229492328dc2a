// Reads a Server-Sent Events answer the way a browser client would (fetch + a stream reader), noting
// when each event arrived so tests can tell a stream from a buffered answer.

export interface ReceivedEvent {
  event: string;
  data: unknown;
  /** ms since the request was sent. */
  at: number;
}

export interface StreamResult {
  status: number;
  headers: Headers;
  events: ReceivedEvent[];
  /** The body when the answer was not an event stream (an ordinary JSON error). */
  json?: unknown;
}

function parseEvent(block: string, at: number): ReceivedEvent | undefined {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (data.length === 0) return undefined;
  return { event, data: JSON.parse(data.join('\n')), at };
}

export interface StreamRequest {
  baseUrl: string;
  token: string;
  message: unknown;
  /** Called with each event as it arrives; returning true stops reading and closes the connection. */
  onEvent?: (event: ReceivedEvent) => boolean | undefined;
}

export async function postStream(request: StreamRequest): Promise<StreamResult> {
  const started = Date.now();
  const abort = new AbortController();
  const res = await fetch(`${request.baseUrl}/api/gemini/chat/stream`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${request.token}` },
    body: JSON.stringify({ message: request.message }),
    signal: abort.signal,
  });
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    return { status: res.status, headers: res.headers, events: [], json: await res.json() };
  }
  const events: ReceivedEvent[] = [];
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const event = parseEvent(buffer.slice(0, end), Date.now() - started);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      if (!event) continue;
      events.push(event);
      if (request.onEvent?.(event)) {
        abort.abort();
        return { status: res.status, headers: res.headers, events };
      }
    }
  }
  return { status: res.status, headers: res.headers, events };
}
