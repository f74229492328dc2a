import type { Server } from 'node:http';
import { errorResponseSchema } from '@mentora/contract';
import { API_ROUTES, callName } from '@mentora/contract/api';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.js';
import { listApiRoutes } from '../routes.js';
import { type Call, type CellRequest, MATRIX, REQUESTS, statusesOf } from './matrix.js';
import { buildWorld, CALLERS, type Caller, type World } from './world.js';

// Calls every cell of the authorization matrix (matrix.ts) on a real listening server, with a bearer
// token (the cookie path is the same authentication plus the CSRF check, tested in src/http/csrf.test.ts).

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const routeOf = (call: Call) => {
  const route = API_ROUTES.find((r) => callName(r) === call);
  if (!route) throw new Error(`${call} is not in the route table`);
  return route;
};

/** The Express app serving t: the listener of its HTTP server. */
const appOf = (server: Server) => server.listeners('request')[0] as Express;

function urlOf(call: Call, request: CellRequest): { method: string; url: string } {
  const [method, template] = call.split(' ') as [string, string];
  const path = template.replace(/:(\w+)/g, (_, name: string) => {
    const value = request.params?.[name];
    if (value === undefined) throw new Error(`${call}: the request gives no value for :${name}`);
    return encodeURIComponent(value);
  });
  const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
  return { method, url: `${t.baseUrl}${path}${query}` };
}

interface Answer {
  status: number;
  body: unknown;
}

async function callCell(call: Call, caller: Caller, world: World): Promise<Answer> {
  const user = caller === 'signedOut' ? undefined : world.users[caller];
  const request = (await REQUESTS[call]?.(world, t, user)) ?? {};
  const { method, url } = urlOf(call, request);
  const headers: Record<string, string> = {};
  if (user) headers.Authorization = `Bearer ${user.token}`;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: request.form ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
  });
  // Event streams stay open: their status and headers are the answer.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, body: undefined };
  }
  const text = await res.text();
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

describe('authorization matrix', () => {
  it('has statuses for every call of the route table, which are the calls the app mounts', () => {
    const mounted = listApiRoutes(appOf(t.server));
    const calls = API_ROUTES.map(callName).sort();
    expect(mounted.length).toBeGreaterThan(40);
    expect(calls).toEqual(mounted);
    expect(
      API_ROUTES.filter((route) => !statusesOf(route)).map(callName),
      'calls needing a row in test/authorization/matrix.ts',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((call) => !calls.includes(call)),
      'matrix rows for calls not in the route table',
    ).toEqual([]);
    // The table never contradicts what a row says of signing in.
    for (const route of API_ROUTES) {
      const out = statusesOf(route)?.[0];
      if (route.auth === 'user') expect(out, callName(route)).toBe(401);
      else expect(out, callName(route)).not.toBe(401);
    }
  });

  it('answers every caller of every call with the status in the table', async () => {
    const calls: Call[] = API_ROUTES.map(callName);
    // Reads share one world. A call that may change something gets a world of its own, so that no
    // row depends on another (an ended session, an enrolment); what one caller changes there is theirs
    // alone, except a DELETE, whose target is gone for the next caller: it gets a fresh world per cell.
    const shared = await buildWorld(t);
    const mismatches: string[] = [];
    for (const call of calls) {
      const rowWorld = call.startsWith('GET ') ? shared : await buildWorld(t);
      for (const [column, caller] of CALLERS.entries()) {
        const expected = statusesOf(routeOf(call))?.[column];
        const world = call.startsWith('DELETE ') ? await buildWorld(t) : rowWorld;
        const answer = await callCell(call, caller, world);
        if (answer.status !== expected) {
          mismatches.push(
            `${call} as ${caller}: expected ${expected}, got ${answer.status} ${JSON.stringify(answer.body)}`,
          );
        } else if (answer.status >= 400 && !errorResponseSchema.strict().safeParse(answer.body).success) {
          mismatches.push(
            `${call} as ${caller}: ${answer.status} without API.md's error shape: ${JSON.stringify(answer.body)}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 600_000);
});
