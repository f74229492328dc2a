import net from 'node:net';
import { errorResponseSchema, MESSAGES } from '@mentora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';

// What Node's HTTP parser refuses before Express runs is answered in API.md's error shape too.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** Sends raw bytes and reads the whole answer (the server closes the connection after it). */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(t.baseUrl);
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

function jsonBody(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}

describe('requests the HTTP parser refuses', () => {
  it('answers an address longer than 16 KB with 431 and a JSON message', async () => {
    const res = await fetch(`${t.baseUrl}/api/classes?search=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(errorResponseSchema.strict().parse(await res.json())).toEqual({
      message: MESSAGES.server.headersTooLarge,
      requestId: expect.any(String),
    });
  });

  it('answers bytes that are not HTTP with 400 and a JSON message', async () => {
    const answer = await raw('GARBAGE\u0000 / HTTP/9\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(jsonBody(answer)).toEqual({ message: MESSAGES.server.malformedRequest, requestId: expect.any(String) });
  });

  it('still serves the next connection', async () => {
    expect((await fetch(`${t.baseUrl}/api/health`)).status).toBe(200);
  });
});
