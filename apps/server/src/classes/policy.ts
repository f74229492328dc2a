import { type ClassStatus, MENTOR_ROLES, type Role } from '@mentora/contract';
import { type SQL, sql } from 'drizzle-orm';
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

/** The person who created the class, whatever their role is now. */
export const createdClass = (user: { id: string }, cls: OwnedClass) => cls.mentorId === user.id;

/**
 * The class's mentor: the one who created it, while their role still lets them teach (mentor or both).
 * A creator who loses the mentor role loses the class's controls with it; the class stays (its
 * learners stay enrolled, admins may still delete it), and so does their name on it.
 */
export const isClassMentor = (user: { id: string; role: Role }, cls: OwnedClass) =>
  createdClass(user, cls) && isMentor(user);

/**
 * The same rule for a statement that decides in SQL (discussions/replyCreator.ts): the class's mentor_id,
 * the actor's id and their role as text. classes/demotedMentor.test.ts checks that both agree.
 */
export const isClassMentorSql = (cls: { mentorId: SQL }, user: { id: SQL; role: SQL }) =>
  sql`(${cls.mentorId} = ${user.id} and ${user.role} in (${sql.raw(MENTOR_ROLES.map((r) => `'${r}'`).join(', '))}))`;

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
/**
 * The class's room: its live session's link and the live events of its discussions. Its members only
 * (enrolled, its mentor, or an admin); a link kept after leaving is ended by canRotateLiveRoom.
 */
export const canSeeClassRoom = (m: { isMember: boolean }) => m.isMember;
/** An admin deleting a class they do not mentor is moderating: it goes in the audit log. */
export const deletesClassAsModerator = (user: Person, cls: OwnedClass) => isAdmin(user) && !isClassMentor(user, cls);

/**
 * The roster (who is enrolled, since when) and removing someone from it: the class's mentor, and admins,
 * who moderate every class. Other learners never see who else is enrolled.
 */
export const canManageRoster = (user: Person, cls: OwnedClass) => isClassMentor(user, cls) || isAdmin(user);
/** A class's insight (issue #25): the roster's people, since it counts that roster's enrolments. */
export const canSeeInsight = (user: Person, cls: OwnedClass) => canManageRoster(user, cls);
/** An admin removing a learner from a class they do not mentor is moderating: it goes in the audit log. */
export const removesLearnerAsModerator = (user: Person, cls: OwnedClass) => isAdmin(user) && !isClassMentor(user, cls);

export type EnrolRefusal = 'ownClass' | 'completed';
/**
 * Anyone signed in may enrol in a class they do not mentor (API.md), mentors and admins included. Its
 * creator never does, even after losing the mentor role: they would be reviewing their own class. A
 * completed class has nothing left to join (issue #25); those already enrolled stay.
 */
export function enrolRefusal(user: Person, cls: OwnedClass & { status: ClassStatus }): EnrolRefusal | undefined {
  if (createdClass(user, cls)) return 'ownClass';
  if (cls.status === 'completed') return 'completed';
  return undefined;
}

/** A class's scheduled sessions (issue #25) are written by its mentor only: admins moderate, they do not teach. */
export const canScheduleSessions = (user: Person, cls: OwnedClass) => isClassMentor(user, cls);
/** They are read (listed, added to a calendar) by the class's members: enrolled, its mentor, or an admin. */
export const canSeeSessions = (m: { isMember: boolean }) => m.isMember;

/**
 * A class's materials (issue #26) are uploaded and renamed by its mentor only; they are listed and
 * downloaded by its members.
 */
export const canManageMaterials = (user: Person, cls: OwnedClass) => isClassMentor(user, cls);
/** One file is deleted by its class's mentor, or by an admin, who moderates every class (API.md). */
export const canDeleteMaterial = (user: Person, cls: OwnedClass) => isClassMentor(user, cls) || isAdmin(user);
/** An admin deleting a file of a class they do not mentor is moderating: it goes in the audit log. */
export const deletesMaterialAsModerator = (user: Person, cls: OwnedClass) => isAdmin(user) && !isClassMentor(user, cls);
export const canSeeMaterials = (m: { isMember: boolean }) => m.isMember;
