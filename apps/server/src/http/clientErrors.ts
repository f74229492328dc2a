import { randomUUID } from 'node:crypto';
import { type Server, STATUS_CODES } from 'node:http';
import { MESSAGES } from '@mentora/contract';

// Requests Node's HTTP parser refuses before Express sees them (a request line or headers over its
// 16 KB limit, bytes that are not HTTP) get Node's default answer: a status line with no body. These
// are answered in API.md's error shape instead, like every other refusal.

const MESSAGE_OF: Record<number, string> = {
  431: MESSAGES.server.headersTooLarge,
  400: MESSAGES.server.malformedRequest,
};

/** Answers the parser's refusals of a server with `{"message"}` JSON (431 for oversized headers, else 400). */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // A connection the client already closed, or one mid-answer, has nobody left to tell.
    if (error.code === 'ECONNRESET' || !socket.writable || (socket as { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    // No request was made of it, but the answer has an id like any other error answer.
    const requestId = randomUUID();
    const body = JSON.stringify({ message: MESSAGE_OF[status], requestId });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `X-Request-Id: ${requestId}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
