import type { Role } from '@mentora/contract';
import { canCreateClasses, isAdmin, isMentor } from '../users/policy.js';

// Who may do what with a class, in one place: the service asks these and picks the message.

interface Person {
  id: string;
  role: Role;
  verified: boolean;
}
interface OwnedClass {
  mentorId: string;
}

export const isClassMentor = (user: Person, cls: OwnedClass) => cls.mentorId === user.id;

/** Verified mentors (role mentor or both). Admins moderate classes but do not own them. */
export const canCreateClass = (user: Person) => canCreateClasses(user);
/** Only the mentor who owns it edits a class or starts its live session (API.md: "its mentor"). */
export const canEditClass = (user: Person, cls: OwnedClass) => isClassMentor(user, cls);
export const canStartLive = (user: Person, cls: OwnedClass) => isClassMentor(user, cls);
/** A new room link, ending the old one for everyone holding it: the room is its mentor's (admins too are refused). */
export const canRotateLiveRoom = (user: Person, cls: OwnedClass) => isClassMentor(user, cls);
export const canDeleteClass = (user: Person, cls: OwnedClass) => isClassMentor(user, cls) || isAdmin(user);
/** The created-classes list (and filter=created) is for mentors, verified or not. */
export const canListCreatedClasses = (user: Person) => isMentor(user);

export type EnrolRefusal = 'ownClass';
/** Anyone signed in may enrol in a class they do not mentor (API.md), mentors and admins included. */
export function enrolRefusal(user: Person, cls: OwnedClass): EnrolRefusal | undefined {
  if (isClassMentor(user, cls)) return 'ownClass';
  return undefined;
}

export type ReviewRefusal = 'ownClass' | 'notEnrolled';
/** An enrolled learner of the class reviews it; its own mentor never does (API.md). */
export function reviewRefusal(user: Person, cls: OwnedClass, isEnrolled: boolean): ReviewRefusal | undefined {
  if (isClassMentor(user, cls)) return 'ownClass';
  if (!isEnrolled) return 'notEnrolled';
  return undefined;
}
