import { MENTOR_ROLES, type Role } from '@mentora/contract';

// The derived flags of SPEC.md section 6.
export const isAdmin = (role: Role | undefined): boolean => role === 'admin';
/** Role mentor or both: may teach (API.md "Mentor"). */
export const isMentor = (role: Role | undefined): boolean => role !== undefined && MENTOR_ROLES.includes(role);
/** Exactly mentor: who sees created-class stats and the create page (SPEC.md section 6; the verification status is shown to both, see DashboardPage). */
export const isStrictMentor = (role: Role | undefined): boolean => role === 'mentor';

/** Where a freshly signed-in person lands. */
export const homeFor = (role: Role): string => (role === 'admin' ? '/admin' : '/dashboard');

export const ROLE_LABELS: Record<Role, string> = {
  learner: 'Learner',
  mentor: 'Mentor',
  both: 'Mentor & learner',
  admin: 'Administrator',
};
