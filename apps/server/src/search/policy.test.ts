import { ROLES } from '@mentora/contract';
import { describe, expect, it } from 'vitest';
import { canSearchPeople, searchesEveryDiscussion } from './policy.js';

describe('search policy', () => {
  it('lets admins only find people', () => {
    expect(ROLES.filter((role) => canSearchPeople({ role }))).toEqual(['admin']);
  });

  it('lets admins only find discussions outside their own classes', () => {
    expect(ROLES.filter((role) => searchesEveryDiscussion({ role }))).toEqual(['admin']);
  });
});
