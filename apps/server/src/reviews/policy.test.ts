import type { Role } from '@mentora/contract';
import { describe, expect, it } from 'vitest';
import { reviewRefusal } from './policy.js';

const person = (role: Role, id: string = role) => ({ id, role });
const cls = { mentorId: 'owner' };

describe('review policy', () => {
  it('lets enrolled users other than the class mentor review', () => {
    expect(reviewRefusal(person('learner'), cls, true)).toBeUndefined();
    expect(reviewRefusal(person('both'), cls, true)).toBeUndefined();
    expect(reviewRefusal(person('learner'), cls, false)).toBe('notEnrolled');
    expect(reviewRefusal(person('admin'), cls, false)).toBe('notEnrolled');
    expect(reviewRefusal(person('mentor', 'owner'), cls, false)).toBe('ownClass');
    expect(reviewRefusal(person('mentor', 'owner'), cls, true)).toBe('ownClass');
  });

  it('never lets the creator of the class review it, even once they are no longer a mentor', () => {
    expect(reviewRefusal(person('learner', 'owner'), cls, true)).toBe('ownClass');
  });
});
