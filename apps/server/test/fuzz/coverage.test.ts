import type { Express } from 'express';
import { expect, it } from 'vitest';
import { startTestServer } from '../harness.js';
import { listApiRoutes } from '../routes.js';
import { TARGETS } from './catalogue.js';

// Every API route the app mounts is fuzzed, by exactly one of accounts, classes, social and moderation.test.ts.
it('fuzzes every route the app mounts, and only those', async () => {
  const t = await startTestServer();
  try {
    const mounted = listApiRoutes(t.server.listeners('request')[0] as Express);
    const fuzzed = TARGETS.map(({ call }) => call).sort();
    expect(
      mounted.filter((route) => !fuzzed.includes(route)),
      'routes missing from test/fuzz/catalogue.ts',
    ).toEqual([]);
    expect(
      fuzzed.filter((route) => !mounted.includes(route)),
      'fuzz targets the app does not mount',
    ).toEqual([]);
    expect(new Set(fuzzed).size).toBe(fuzzed.length);
    const groups = [
      / \/api\/(health|openapi\.json|docs|auth|users|avatars|admin)\b/,
      / \/api\/(classes|calendar|reviews|materials|dashboard)\b/,
      / \/api\/(discussions|community|search|gemini|notifications|events)\b/,
      / \/api\/(reports|moderation)\b/,
    ];
    for (const call of fuzzed) expect(groups.filter((g) => g.test(call)).length, call).toBe(1);
  } finally {
    await t.close();
  }
});
