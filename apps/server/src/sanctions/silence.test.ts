import type { Express } from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { listApiRoutes } from '../../test/routes.js';
import { SILENCE_ALLOWS, SILENCED_WRITES } from './policy.js';

// A write the app mounts must be one a silence refuses or one it allows on purpose: a new call cannot
// slip past the silence unnoticed. Read from Express's own router (test/routes.ts).

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

it('every write the app mounts is either refused to a silenced caller or allowed on purpose', () => {
  const mounted = listApiRoutes(t.server.listeners('request')[0] as Express).map((r) => r.replace(' /api/', ' /'));
  const writes = mounted.filter((r) => !r.startsWith('GET '));
  const classified: string[] = [...SILENCED_WRITES, ...SILENCE_ALLOWS];
  expect(
    writes.filter((r) => !classified.includes(r)),
    'writes missing from sanctions/policy.ts',
  ).toEqual([]);
  expect(
    classified.filter((r) => !mounted.includes(r)),
    'calls the app does not mount',
  ).toEqual([]);
  expect(new Set(classified).size).toBe(classified.length);
});
