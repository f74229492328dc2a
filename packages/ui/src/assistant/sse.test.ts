import { describe, expect, it } from 'vitest';
import { readSse, type SseEvent, SseParser } from './sse';

function parseAll(pieces: string[]): SseEvent[] {
  const parser = new SseParser();
  return pieces.flatMap((piece) => parser.push(piece));
}

function bodyOf(pieces: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
      controller.close();
    },
  });
}

async function collect(body: ReadableStream<Uint8Array>): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const event of readSse(body)) events.push(event);
  return events;
}

const STREAM =
  'data: {"delta":"Hello "}\n\n' + 'data: {"delta":"world"}\n\n' + 'event: done\ndata: {"response":"Hello world"}\n\n';

const EXPECTED: SseEvent[] = [
  { event: 'message', data: '{"delta":"Hello "}' },
  { event: 'message', data: '{"delta":"world"}' },
  { event: 'done', data: '{"response":"Hello world"}' },
];

describe('SseParser', () => {
  it('reads data pieces and the done event', () => {
    expect(parseAll([STREAM])).toEqual(EXPECTED);
  });

  it('gives the same events however the text is split, even one character at a time', () => {
    expect(parseAll(STREAM.split(''))).toEqual(EXPECTED);
    for (let cut = 1; cut < STREAM.length; cut++) {
      expect(parseAll([STREAM.slice(0, cut), STREAM.slice(cut)]), `cut at ${cut}`).toEqual(EXPECTED);
    }
  });

  it('accepts \\r\\n and \\r line endings, also when \\r\\n is split between pieces', () => {
    const crlf = STREAM.replace(/\n/g, '\r\n');
    expect(parseAll([crlf])).toEqual(EXPECTED);
    expect(parseAll(crlf.split(''))).toEqual(EXPECTED);
    expect(parseAll([STREAM.replace(/\n/g, '\r')])).toEqual(EXPECTED);
  });

  it('reads error events, joins multi-line data and skips comments and unknown fields', () => {
    const text =
      ': keep-alive\n\n' +
      'id: 7\nretry: 1000\nfoo: bar\ndata: first\ndata: second\n\n' +
      'event: error\ndata: {"message":"The assistant is not available right now. Please try again.","status":502}\n\n';
    expect(parseAll([text])).toEqual([
      { event: 'message', data: 'first\nsecond', id: '7' },
      {
        event: 'error',
        data: '{"message":"The assistant is not available right now. Please try again.","status":502}',
        id: '7',
      },
    ]);
  });

  it('keeps the value as written after one optional space, and dispatches nothing without a blank line', () => {
    const parser = new SseParser();
    expect(parser.push('data:  two spaces\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'message', data: ' two spaces' }]);
    expect(parser.push('data: unfinished')).toEqual([]);
    expect(parser.end()).toEqual([]);
  });

  it('forgets an event name when its event had no data', () => {
    expect(parseAll(['event: done\n\n', 'data: x\n\n'])).toEqual([{ event: 'message', data: 'x' }]);
  });
});

describe('readSse', () => {
  it('reads events from a response body in network pieces', async () => {
    expect(await collect(bodyOf([STREAM.slice(0, 10), STREAM.slice(10, 31), STREAM.slice(31)]))).toEqual(EXPECTED);
  });

  it('keeps a character whose UTF-8 bytes are split across pieces whole', async () => {
    const bytes = new TextEncoder().encode('data: {"delta":"café ☕"}\n\n');
    const split = bytes.length - 6; // inside the three bytes of ☕
    expect(await collect(bodyOf([bytes.slice(0, split), bytes.slice(split)]))).toEqual([
      { event: 'message', data: '{"delta":"café ☕"}' },
    ]);
  });
});

describe('SseParser ids and retry hints', () => {
  it('gives each event the last id seen, which lasts until another id replaces it', () => {
    const parser = new SseParser();
    const events = parser.push('id: 1\nevent: a\ndata: x\n\nevent: b\ndata: y\n\nid: 2\ndata: z\n\n');
    expect(events).toEqual([
      { event: 'a', data: 'x', id: '1' },
      { event: 'b', data: 'y', id: '1' },
      { event: 'message', data: 'z', id: '2' },
    ]);
  });

  it('ignores an id with a NUL, and keeps the latest numeric retry hint', () => {
    const parser = new SseParser();
    expect(parser.push('retry: 2500\n\nretry: soon\n\nid: 3\ndata: a\n\nid: 4\0\ndata: b\n\n')).toEqual([
      { event: 'message', data: 'a', id: '3' },
      { event: 'message', data: 'b', id: '3' },
    ]);
    expect(parser.retryMs).toBe(2500);
  });
});
