// A reader of Server-Sent Events (text/event-stream) for a fetch() body. EventSource cannot POST or send
// a bearer token, so the assistant's stream (and the desktop app's live updates) is read by hand; this
// follows the WHATWG parsing rules for the parts the server uses (event, data, id, retry, comments, any
// line ending) and nothing more.

export interface SseEvent {
  /** The `event:` field; `message` when the server gave none. */
  event: string;
  /** The `data:` lines, joined with line breaks. */
  data: string;
  /** The last event ID when the event was dispatched (set by this or an earlier event's `id:`), if any. */
  id?: string;
}

/**
 * Turns text, fed in whatever pieces the network delivers, into events. A piece may end anywhere: inside
 * a field, between `\r` and `\n`, or between two events.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private lastEventId = '';
  /** The latest `retry:` hint, in milliseconds: how long to wait before reconnecting. */
  retryMs: number | undefined;
  /** The last piece ended with `\r`: a `\n` opening the next piece belongs to that line ending. */
  private pendingCr = false;

  /** Feeds more text; returns the events it completed. */
  push(text: string): SseEvent[] {
    let chunk = text;
    if (this.pendingCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
    this.pendingCr = false;
    this.buffer += chunk;
    const events: SseEvent[] = [];
    for (;;) {
      const end = this.buffer.search(/\r\n|\r|\n/);
      if (end < 0) break;
      const line = this.buffer.slice(0, end);
      const breakLength = this.buffer.startsWith('\r\n', end) ? 2 : 1;
      // A '\r' that ends the text so far may be the first half of a '\r\n' split across pieces.
      if (breakLength === 1 && this.buffer[end] === '\r' && end === this.buffer.length - 1) this.pendingCr = true;
      this.buffer = this.buffer.slice(end + breakLength);
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  /** The stream ended: an event without its closing blank line is incomplete and, per the standard, dropped. */
  end(): SseEvent[] {
    this.buffer = '';
    this.event = '';
    this.data = [];
    this.pendingCr = false;
    return [];
  }

  private line(line: string): SseEvent | null {
    if (line === '') {
      if (this.data.length === 0) {
        this.event = '';
        return null;
      }
      const event: SseEvent = { event: this.event || 'message', data: this.data.join('\n') };
      if (this.lastEventId !== '') event.id = this.lastEventId;
      this.event = '';
      this.data = [];
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    // An id with a NUL is ignored, and the id survives the events that follow (the standard's rules).
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    return null;
  }
}

/** The events of a response body, in order, as they arrive (`parser` can be passed to read its retry hint). */
export async function* readSse(
  body: ReadableStream<Uint8Array>,
  parser: SseParser = new SseParser(),
): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  // `stream: true` keeps a multi-byte character split across two network pieces whole.
  const decoder = new TextDecoder();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    finished = true;
    yield* parser.push(decoder.decode());
    parser.end();
  } finally {
    // The reader stopped early (an error event, or the caller gave up): stop the download too.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
