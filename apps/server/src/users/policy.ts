import { LEARNER_ROLES, MENTOR_ROLES, type Role } from '@mentora/contract';

// Who may do what, in one place, so routes and services ask rather than compare roles inline.

export const isAdmin = (user: { role: Role }) => user.role === 'admin';
export const isMentor = (user: { role: Role }) => MENTOR_ROLES.includes(user.role);
export const isLearner = (user: { role: Role }) => LEARNER_ROLES.includes(user.role);
export const canCreateClasses = (user: { role: Role; verified: boolean }) => isMentor(user) && user.verified;
export const canRequestVerification = (user: { role: Role }) => isMentor(user);
