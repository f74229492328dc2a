import { MESSAGES } from '@mentora/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatStreamError, chatFailureText, streamChat } from './chatStream';

function streamResponse(pieces: string[], status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function mockFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function run(response: Response) {
  const deltas: string[] = [];
  const fetchMock = mockFetch(response);
  const result = streamChat({
    baseUrl: '/api',
    token: 'tok-1',
    message: 'which classes teach typescript',
    onDelta: (delta) => deltas.push(delta),
  });
  return { result, deltas, fetchMock };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('streamChat', () => {
  it('posts the message with the bearer token and cookies, and streams the pieces', async () => {
    const { result, deltas, fetchMock } = await run(
      streamResponse([
        'data: {"delta":"Classes about \\"typescript\\":\\n"}\n\ndata: {"del',
        'ta":"- [TS](/classes/1)"}\n\n',
        'event: done\ndata: {"response":"Classes about \\"typescript\\":\\n- [TS](/classes/1)"}\n\n',
      ]),
    );
    await expect(result).resolves.toBe('Classes about "typescript":\n- [TS](/classes/1)');
    expect(deltas).toEqual(['Classes about "typescript":\n', '- [TS](/classes/1)']);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/gemini/chat/stream');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok-1');
    expect(JSON.parse(String(init?.body))).toEqual({
      message: 'which classes teach typescript',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it("sends the viewer's time zone, so answers give times on the viewer's clock", async () => {
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolved.call(this), timeZone: 'Asia/Kolkata' };
    });
    try {
      const { result, fetchMock } = await run(streamResponse(['event: done\ndata: {"response":"ok"}\n\n']));
      await result;
      const [, init] = fetchMock.mock.calls[0] ?? [];
      expect(JSON.parse(String(init?.body)).timeZone).toBe('Asia/Kolkata');
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('sends no Authorization header without a stored token', async () => {
    const fetchMock = mockFetch(streamResponse(['event: done\ndata: {"response":"ok"}\n\n']));
    await streamChat({ baseUrl: 'http://localhost:3000/api/', token: null, message: 'hi', onDelta: () => {} });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://localhost:3000/api/gemini/chat/stream');
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('rejects with the status and message of an error event that arrives mid-answer', async () => {
    const { result, deltas } = await run(
      streamResponse([
        'data: {"delta":"Half an ans"}\n\n',
        'event: error\ndata: {"message":"The assistant took too long to answer. Please try again.","status":504}\n\n',
      ]),
    );
    await expect(result).rejects.toMatchObject({
      name: 'ChatStreamError',
      status: 504,
      message: MESSAGES.assistant.timeout,
    });
    expect(deltas).toEqual(['Half an ans']);
  });

  it('rejects with the JSON error of a failure before the first piece', async () => {
    const { result } = await run(json(429, { message: 'Too many requests. Please try again later.' }));
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatStreamError);
    expect(error).toMatchObject({ status: 429, serverMessage: 'Too many requests. Please try again later.' });
  });

  it('rejects when the stream ends without its done event', async () => {
    const { result } = await run(streamResponse(['data: {"delta":"cut off"}\n\n']));
    await expect(result).rejects.toBeInstanceOf(ChatStreamError);
  });

  it('takes a whole JSON answer when the server did not stream', async () => {
    const { result, deltas } = await run(json(200, { response: 'All at once' }));
    await expect(result).resolves.toBe('All at once');
    expect(deltas).toEqual(['All at once']);
  });

  it('turns a network failure into a ChatStreamError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(streamChat({ baseUrl: '/api', token: null, message: 'x', onDelta: () => {} })).rejects.toBeInstanceOf(
      ChatStreamError,
    );
  });
});

describe('chatFailureText', () => {
  it("says SPEC.md's chat error, except for a rate limit whose own message says when to retry", () => {
    expect(chatFailureText(new ChatStreamError('x', 502, MESSAGES.assistant.unavailable))).toBe(MESSAGES.chat.error);
    expect(chatFailureText(new Error('boom'))).toBe(MESSAGES.chat.error);
    expect(chatFailureText(new ChatStreamError('x', 429, 'Slow down: try again in a minute.'))).toBe(
      'Slow down: try again in a minute.',
    );
    expect(chatFailureText(new ChatStreamError('x', 429))).toBe(MESSAGES.chat.error);
  });
});
