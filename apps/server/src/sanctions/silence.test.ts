import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@mentora/contract';
import { API_ROUTES, callName } from '@mentora/contract/api';
import type { Express } from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeAdmin, makeBoth, type TestUser } from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { rawRequest } from '../../test/rawHttp.js';
import { listApiRoutes } from '../../test/routes.js';
import { imposeSanction } from './service.js';

// A silence is enforced on the route Express matched, from its row in the contract (publishes), never
// on the path a request spelled: every write the app mounts is sent by a silenced person in spellings
// Express routes to the same handler, and each that publishes is refused before its handler runs.

let t: TestServer;
let silenced: TestUser;
let silenceMessage: string;
beforeAll(async () => {
  t = await startTestServer();
  const admin = await makeAdmin(t);
  silenced = await makeBoth(t, { verified: true });
  const sanction = await imposeSanction(t.ctx, {
    userId: silenced.user.id,
    by: admin.user,
    kind: 'silence',
    days: 3,
    reason: 'Spam in replies',
  });
  silenceMessage = MESSAGES.server.silenced(sanction.endsAt ?? '', 'Spam in replies');
});
afterAll(() => t.close());

const mountedWrites = () =>
  listApiRoutes(t.server.listeners('request')[0] as Express).filter((call) => !call.startsWith('GET '));

/** Ways of writing one path: Express routes the first three to its route, and none of the rest anywhere. */
function spellings(path: string): { spelled: string; routed: boolean }[] {
  const tail = path.slice('/api'.length);
  return [
    { spelled: path, routed: true },
    { spelled: `${path}/`, routed: true },
    { spelled: `/API${tail.toUpperCase()}`, routed: true },
    { spelled: `${path}//`, routed: false },
    { spelled: `/api/${tail}`, routed: false },
    { spelled: `/api/.${tail}`, routed: false },
    { spelled: `/api${tail.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)}`, routed: false },
  ];
}

const rowOf = (call: string) => API_ROUTES.find((row) => callName(row) === call);

it('every write the app mounts has a row that says whether it publishes', () => {
  const writes = mountedWrites();
  expect(writes.length).toBeGreaterThan(40);
  expect(writes.filter((call) => typeof rowOf(call)?.publishes !== 'boolean')).toEqual([]);
});

it('a silenced caller is refused every publishing write, however its path is spelled', async () => {
  const publishing = mountedWrites().filter((call) => rowOf(call)?.publishes);
  // The calls the review found open through `//`, among the rest.
  for (const call of ['POST /api/community', 'POST /api/discussions', 'POST /api/reviews', 'POST /api/reports']) {
    expect(publishing).toContain(call);
  }
  const answers: string[] = [];
  for (const call of publishing) {
    const [method = '', pattern = ''] = call.split(' ');
    const path = pattern.replace(/:\w+/g, () => randomUUID());
    for (const { spelled, routed } of spellings(path)) {
      const res = await rawRequest(
        t.baseUrl,
        method,
        spelled,
        { ...silenced.auth, 'Content-Type': 'application/json' },
        '{}',
      );
      const { message } = JSON.parse(res.body) as { message?: string };
      const refused = res.status === 403 && message === silenceMessage;
      // A spelling Express does not route to any handler is a plain 404, never a handler's answer.
      const unrouted = !routed && res.status === 404 && message === MESSAGES.server.noSuchEndpoint;
      if (!refused && !unrouted) answers.push(`${method} ${spelled} -> ${res.status} ${message}`);
    }
  }
  expect(answers).toEqual([]);
});

it('the writes that publish nothing stay open to a silenced caller', async () => {
  const open = mountedWrites().filter((call) => rowOf(call)?.publishes === false);
  expect(open).toContain('POST /api/community/:id/like');
  const refused: string[] = [];
  for (const call of open) {
    const [method = '', pattern = ''] = call.split(' ');
    const path = pattern.replace(/:\w+/g, () => randomUUID());
    const res = await rawRequest(
      t.baseUrl,
      method,
      path,
      { ...silenced.auth, 'Content-Type': 'application/json' },
      '{}',
    );
    if (res.body.includes(silenceMessage)) refused.push(call);
  }
  expect(refused).toEqual([]);
});
