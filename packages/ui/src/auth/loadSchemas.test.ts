import { expect, it, vi } from 'vitest';

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

it('evaluates zod, then builds the answer schemas in a later task of their own, once for every caller', async () => {
  const { loadSchemas } = await import('./loadSchemas');
  const first = loadSchemas();
  const second = loadSchemas();
  expect((await first).userSchema).toBe('the answer schemas');
  expect(await second).toBe(await first);
  // Evaluated in one task, zod and the schemas would have come before the task queued meanwhile.
  expect(happened).toEqual(['zod', 'next task', 'responses']);
});
