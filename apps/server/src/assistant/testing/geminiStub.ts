import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for the Gemini REST API on loopback, for tests: the real @google/genai client talks to
// it through GEMINI_BASE_URL. It implements the two calls the assistant makes,
//   POST /v1beta/models/{model}:generateContent              (JSON)
//   POST /v1beta/models/{model}:streamGenerateContent?alt=sse (Server-Sent Events)
// records every request (headers and parsed body), and answers from a queue of scripted replies.

export type StubReply =
  /** The answer in pieces (one SSE event each when streaming; joined for a JSON answer). */
  | { kind: 'answer'; pieces: string[]; delayMs?: number; pieceDelayMs?: number }
  /** An HTTP error with Google's error JSON, after an optional delay. */
  | { kind: 'error'; status: number; delayMs?: number }
  /** Streams only: sends some pieces, then drops the connection. */
  | { kind: 'drop'; pieces: string[] };

export interface StubRequest {
  model: string;
  method: 'generateContent' | 'streamGenerateContent';
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  raw: string;
  body: GeminiRequestBody;
  /** True once the client closed the connection before the reply was complete. */
  abandoned: boolean;
}

export interface GeminiRequestBody {
  contents?: { role?: string; parts?: { text?: string }[] }[];
  systemInstruction?: { parts?: { text?: string }[] };
  generationConfig?: unknown;
}

export interface GeminiStub {
  baseUrl: string;
  requests: StubRequest[];
  /** Replies for the next requests, in order; when empty, `fallback` answers. */
  queue: StubReply[];
  fallback: StubReply;
  /** Forget recorded requests and queued replies. */
  reset(): void;
  close(): Promise<void>;
}

/** Text of a GenerateContentResponse carrying these words. */
const answerJson = (text: string) => ({
  candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
  usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
});

/** An upstream error body with detail that must never reach our clients. */
export const UPSTREAM_DETAIL = 'upstream-internal-detail-7f3a';
const errorJson = (status: number) => ({
  error: {
    code: status,
    message: `Stub failure (${UPSTREAM_DETAIL})`,
    status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL',
  },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startGeminiStub(): Promise<GeminiStub> {
  const stub: GeminiStub = {
    baseUrl: '',
    requests: [],
    queue: [],
    fallback: { kind: 'answer', pieces: ['Stub answer.'] },
    reset() {
      stub.requests.length = 0;
      stub.queue.length = 0;
    },
    close: async () => {},
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const match = /^\/v1beta\/models\/(.+):(generateContent|streamGenerateContent)$/.exec(url.pathname);
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', async () => {
      if (req.method !== 'POST' || !match) {
        res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify(errorJson(404)));
        return;
      }
      const record: StubRequest = {
        model: decodeURIComponent(match[1] ?? ''),
        method: match[2] as StubRequest['method'],
        query: url.searchParams,
        headers: req.headers,
        raw,
        body: JSON.parse(raw || '{}') as GeminiRequestBody,
        abandoned: false,
      };
      stub.requests.push(record);
      res.on('close', () => {
        if (!res.writableFinished) record.abandoned = true;
      });
      const reply = stub.queue.shift() ?? stub.fallback;
      if (reply.kind !== 'drop' && reply.delayMs) await sleep(reply.delayMs);
      if (res.destroyed) return;
      if (reply.kind === 'error') {
        res
          .writeHead(reply.status, { 'Content-Type': 'application/json' })
          .end(JSON.stringify(errorJson(reply.status)));
        return;
      }
      if (record.method === 'generateContent') {
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify(answerJson(reply.pieces.join(''))));
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      for (const [i, piece] of reply.pieces.entries()) {
        if (i > 0 && reply.kind === 'answer' && reply.pieceDelayMs) await sleep(reply.pieceDelayMs);
        if (res.destroyed) return;
        res.write(`data: ${JSON.stringify(answerJson(piece))}\r\n\r\n`);
      }
      if (reply.kind === 'drop') {
        await sleep(20);
        res.destroy();
        return;
      }
      res.end();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  stub.baseUrl = `http://127.0.0.1:${port}`;
  stub.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stub;
}
