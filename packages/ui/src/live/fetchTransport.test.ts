import { describe, expect, it } from 'vitest';
import { createFetchTransport } from './fetchTransport';

interface Call {
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
}

/** A stream the test writes to and ends, as the server would. */
function controllableBody() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    body,
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

function sse(body: ReadableStream<Uint8Array>): Response {
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

/** Runs the transport with a fake fetch and fake timers the test drives. */
function harness(answers: (() => Response | Promise<Response>)[], token: string | null = 'tok-1') {
  const calls: Call[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const events: [string, unknown][] = [];
  const transport = createFetchTransport({
    getToken: () => token,
    fetch: async (input, init) => {
      calls.push({
        url: String(input),
        headers: init?.headers as Record<string, string>,
        signal: init?.signal ?? undefined,
      });
      const answer = answers.shift();
      if (!answer) throw new TypeError('no more answers');
      return answer();
    },
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      if (timer) (timer as { cleared: boolean }).cleared = true;
    },
  });
  const connection = transport({
    apiBaseUrl: 'http://server.test/api/',
    onEvent: (name, data) => events.push([name, data]),
  });
  return { calls, timers, events, connection };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await settle();
  expect(check()).toBe(true);
}

describe('createFetchTransport', () => {
  it('opens GET {api}/events with the bearer token and hands on named events with their JSON data', async () => {
    const stream = controllableBody();
    const { calls, events } = harness([() => sse(stream.body)]);
    await until(() => calls.length === 1);
    expect(calls[0]?.url).toBe('http://server.test/api/events');
    expect(calls[0]?.headers).toMatchObject({ Authorization: 'Bearer tok-1', Accept: 'text/event-stream' });
    expect(calls[0]?.headers['Last-Event-ID']).toBeUndefined();

    stream.write('retry: 3000\n\nevent: ready\ndata: {}\n\n: heartbeat\n\n');
    stream.write('id: 7\nevent: notification\ndata: {"unreadCount":2}\n\n');
    stream.write('event: not-a-live-event\ndata: {}\n\n');
    await until(() => events.length === 2);
    expect(events).toEqual([
      ['ready', {}],
      ['notification', { unreadCount: 2 }],
    ]);
  });

  it('reconnects after the retry hint when the stream ends, resending the last event id', async () => {
    const first = controllableBody();
    const second = controllableBody();
    const { calls, timers, events } = harness([() => sse(first.body), () => sse(second.body)]);
    await until(() => calls.length === 1);
    first.write('retry: 1500\n\nid: 41\nevent: ready\ndata: {}\n\nid: 42\nevent: community.post\ndata: {"a":1}\n\n');
    await until(() => events.length === 2);
    first.end();
    await until(() => timers.length === 1);
    expect(timers[0]?.ms).toBe(1500);

    timers[0]?.run();
    await until(() => calls.length === 2);
    expect(calls[1]?.headers).toMatchObject({ Authorization: 'Bearer tok-1', 'Last-Event-ID': '42' });
  });

  it('waits longer after each failed attempt, and starts over once a stream opens', async () => {
    const stream = controllableBody();
    const { calls, timers } = harness([
      () => Promise.reject(new TypeError('network down')),
      () => new Response('busy', { status: 503 }),
      () => new Response('too many', { status: 429 }),
      () => sse(stream.body),
    ]);
    await until(() => timers.length === 1);
    timers[0]?.run();
    await until(() => timers.length === 2);
    timers[1]?.run();
    await until(() => timers.length === 3);
    expect(timers.map((timer) => timer.ms)).toEqual([3000, 6000, 12000]);
    timers[2]?.run();
    await until(() => calls.length === 4);
    stream.end();
    await until(() => timers.length === 4);
    expect(timers[3]?.ms).toBe(3000);
  });

  it('stops for good on 401: the session has ended', async () => {
    const { calls, timers } = harness([() => new Response('{}', { status: 401 })]);
    await until(() => calls.length === 1);
    await settle();
    await settle();
    expect(timers).toHaveLength(0);
  });

  it('close() aborts the open request and no reconnection follows', async () => {
    const stream = controllableBody();
    const { calls, timers, connection } = harness([() => sse(stream.body)]);
    await until(() => calls.length === 1);
    connection?.close();
    expect(calls[0]?.signal?.aborted).toBe(true);
    await settle();
    expect(timers).toHaveLength(0);
  });

  it('opens nothing without a token', async () => {
    const { calls } = harness([], null);
    await settle();
    expect(calls).toHaveLength(0);
  });
});
