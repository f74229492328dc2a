import type { Role } from '@mentora/contract';
import { createdClass } from '../classes/policy.js';

// Who may review a class (API.md), given where the caller stands in it.

export type ReviewRefusal = 'ownClass' | 'notEnrolled';
/** An enrolled learner of the class reviews it; the one who created it never does, even once demoted. */
export function reviewRefusal(
  user: { id: string; role: Role },
  cls: { mentorId: string },
  isEnrolled: boolean,
): ReviewRefusal | undefined {
  if (createdClass(user, cls)) return 'ownClass';
  if (!isEnrolled) return 'notEnrolled';
  return undefined;
}
