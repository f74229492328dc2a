import type { Role } from '@mentora/contract';
import { isMentor } from '../users/policy.js';

// Who may read which dashboard overview, tested alone in policy.test.ts.

/**
 * A mentor's overview is about the classes they teach: mentors and role both, verified or not (an
 * unverified one gets an empty overview). Learners teach nothing, and admins own no classes: they
 * moderate every class from the admin area instead.
 */
export const canSeeMentorDashboard = (user: { role: Role }) => isMentor(user);
