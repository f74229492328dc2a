import { ROLES } from '@mentora/contract';
import { describe, expect, it } from 'vitest';
import { canSeeMentorDashboard } from './policy.js';

describe('canSeeMentorDashboard', () => {
  it('lets those who may teach read it, and nobody else', () => {
    const allowed = ROLES.filter((role) => canSeeMentorDashboard({ role }));
    expect(allowed.sort()).toEqual(['both', 'mentor']);
  });
});
