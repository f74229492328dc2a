import { describe, expect, it } from 'vitest';
import { API_ROUTES, callName } from './api.js';

describe('API_ROUTES', () => {
  it('names each call once', () => {
    const names = API_ROUTES.map(callName);
    expect(new Set(names).size).toBe(names.length);
  });

  // A new write cannot slip past a silence unnoticed: whoever adds it decides, in its row.
  it('says of every write whether it publishes, and of no read', () => {
    const undecided = API_ROUTES.filter((row) => row.method !== 'get' && typeof row.publishes !== 'boolean');
    expect(undecided.map(callName), 'writes without publishes: true or false').toEqual([]);
    const reads = API_ROUTES.filter((row) => row.method === 'get' && row.publishes !== undefined);
    expect(reads.map(callName), 'reads never publish').toEqual([]);
  });
});
