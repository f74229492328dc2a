import { ROLES, type Role } from '@mentora/contract';
import { describe, expect, it } from 'vitest';
import { canCreateClasses, canRequestVerification, isAdmin, isLearner, isMentor } from './policy.js';

const person = (role: Role, verified = false) => ({ role, verified });

describe('user policy', () => {
  it('names each role once: admins are neither mentors nor learners, "both" is both', () => {
    const table = ROLES.map((role) => [role, isAdmin(person(role)), isMentor(person(role)), isLearner(person(role))]);
    expect(table).toEqual([
      ['learner', false, false, true],
      ['mentor', false, true, false],
      ['both', false, true, true],
      ['admin', true, false, false],
    ]);
  });

  it('lets only verified mentors (and "both") create classes', () => {
    for (const role of ROLES) {
      expect(canCreateClasses(person(role, true))).toBe(role === 'mentor' || role === 'both');
      expect(canCreateClasses(person(role, false))).toBe(false);
    }
  });

  it('lets any mentor ask for verification, and nobody else', () => {
    for (const role of ROLES) expect(canRequestVerification(person(role))).toBe(role === 'mentor' || role === 'both');
  });
});
