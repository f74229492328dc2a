import { type IncomingHttpHeaders, request } from 'node:http';

// Requests sent as written and answers kept as received: fetch and supertest tidy `//` and `/./` out of
// paths, and undo a gzip content encoding, which are what tests of routing and compression look at.

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

function send(
  url: URL,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname: url.hostname,
        port: url.port,
        method,
        path,
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A request whose path goes on the wire exactly as written; the answer's body as text. */
export async function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body = '',
): Promise<{ status: number; body: string }> {
  const answer = await send(new URL(baseUrl), method, path, headers, body);
  return { status: answer.status, body: answer.bytes.toString('utf8') };
}

/** A GET whose body stays as sent, content encoding and all. */
export async function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const target = new URL(url);
  const answer = await send(target, 'GET', `${target.pathname}${target.search}`, headers, '');
  return { status: answer.status, headers: answer.headers, body: answer.bytes };
}
