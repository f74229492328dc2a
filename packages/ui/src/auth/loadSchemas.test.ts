import { beforeEach, expect, it, vi } from 'vitest';

// What happened, in order: zod's stand-in evaluated, a task queued at that moment ran, the answer
// schemas' stand-in evaluated.
const happened = vi.hoisted(() => [] as string[]);
vi.mock('@mentora/contract/zod', () => {
  happened.push('zod');
  setTimeout(() => happened.push('next task'), 0);
  return { z: {} };
});
vi.mock('@mentora/contract/responses', () => {
  happened.push('responses');
  return { userSchema: 'the answer schemas' };
});

beforeEach(() => {
  vi.resetModules();
  happened.length = 0;
});

it('evaluates zod, then builds the answer schemas in a later task of their own, once for every caller', async () => {
  const { loadSchemas } = await import('./loadSchemas');
  const first = loadSchemas();
  const second = loadSchemas();
  expect((await first).userSchema).toBe('the answer schemas');
  expect(await second).toBe(await first);
  // Evaluated in one task, zod and the schemas would have come before the task queued meanwhile.
  expect(happened).toEqual(['zod', 'next task', 'responses']);
});

it('tries again on the next call when a load failed', async () => {
  vi.doMock('@mentora/contract/zod', () => {
    throw new Error('Failed to fetch dynamically imported module');
  });
  const { loadSchemas } = await import('./loadSchemas');
  // vitest words the failure its own way ("There was an error when mocking a module").
  await expect(loadSchemas()).rejects.toThrow();
  vi.doUnmock('@mentora/contract/zod');
  vi.doMock('@mentora/contract/zod', () => ({ z: {} }));
  vi.resetModules();
  expect((await loadSchemas()).userSchema).toBe('the answer schemas');
});
