// A Server-Sent Events client for tests: fetch with a streaming body, parsed as an EventSource would
// (fields id/event/data/retry, comments, blank-line dispatch), with waits bounded in time.

export interface SseMessage {
  id: string | undefined;
  event: string;
  data: string;
}

export interface SseOptions {
  headers?: Record<string, string>;
}

export class SseStream {
  readonly messages: SseMessage[] = [];
  readonly comments: string[] = [];
  retry: number | undefined;
  raw = '';
  ended = false;
  private buffer = '';
  private readonly controller = new AbortController();
  private waiters: (() => void)[] = [];

  private constructor(readonly response: Response) {}

  static async open(url: string, options: SseOptions = {}): Promise<SseStream> {
    const controller = new AbortController();
    const response = await fetch(url, {
      headers: { Accept: 'text/event-stream', ...options.headers },
      signal: controller.signal,
    });
    const stream = new SseStream(response);
    stream.controller.signal.addEventListener('abort', () => controller.abort());
    if (response.ok && response.body) void stream.read(response.body);
    else stream.ended = true;
    return stream;
  }

  get status(): number {
    return this.response.status;
  }

  /** The JSON data of every message of that event name so far. */
  all<T = Record<string, unknown>>(event: string): T[] {
    return this.messages.filter((m) => m.event === event).map((m) => JSON.parse(m.data) as T);
  }

  /** Resolves with the first message (already received or to come) that matches; rejects after the timeout. */
  async waitFor(match: (m: SseMessage) => boolean, what: string, timeoutMs = 10_000): Promise<SseMessage> {
    const found = () => this.messages.find(match);
    await this.until(
      () => found() !== undefined,
      `${what} (got: ${this.messages.map((m) => m.event).join(', ')})`,
      timeoutMs,
    );
    return found() as SseMessage;
  }

  waitForEvent(event: string, timeoutMs?: number): Promise<SseMessage> {
    return this.waitFor((m) => m.event === event, `event ${event}`, timeoutMs);
  }

  async until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.controller.abort();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body) {
        const text = decoder.decode(chunk, { stream: true });
        this.raw += text;
        this.buffer += text;
        this.parse();
        this.wake();
      }
    } catch {
      // Aborted by close(), or the server ended the connection.
    }
    this.ended = true;
    this.wake();
  }

  private parse(): void {
    let end = this.buffer.search(/\r?\n\r?\n/);
    while (end !== -1) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      const message: SseMessage = { id: undefined, event: 'message', data: '' };
      let hasData = false;
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith(':')) {
          this.comments.push(line.slice(1).trim());
          continue;
        }
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') message.id = value;
        else if (field === 'event') message.event = value;
        else if (field === 'retry') this.retry = Number(value);
        else if (field === 'data') {
          message.data = hasData ? `${message.data}\n${value}` : value;
          hasData = true;
        }
      }
      if (hasData) this.messages.push(message);
      end = this.buffer.search(/\r?\n\r?\n/);
    }
  }
}

/** Opens a stream and waits for its `ready` event (it has caught up and hears live events from then on). */
export async function openReadyStream(url: string, options: SseOptions = {}): Promise<SseStream> {
  const stream = await SseStream.open(url, options);
  if (stream.status !== 200) throw new Error(`GET ${url} answered ${stream.status}`);
  await stream.waitForEvent('ready');
  return stream;
}
