import type { Role } from '@mentora/contract';
import type { Membership } from '../classes/membership.js';
import { isClassMentor } from '../classes/policy.js';
import { isAdmin } from '../users/policy.js';

// Who may do what with a class's discussions (API.md), given where the caller stands in that class.

/** Reading a class's discussions: enrolled, its mentor, or an admin. */
export const canReadDiscussions = (m: Membership) => m.isMember;

/** Starting one: enrolled or the class's mentor. Admins moderate, they do not start threads. */
export const canStartDiscussion = (m: Membership) => m.isEnrolled || m.isClassMentor;

/** Replying: enrolled, the class's mentor, or an admin. Checked by the statement that writes the reply (replyInsert.ts). */

/** Deleting: its author, the class's mentor, or an admin. */
export const canDeleteDiscussion = (
  user: { id: string; role: Role },
  discussion: { authorId: string; classMentorId: string },
) => discussion.authorId === user.id || isClassMentor(user, { mentorId: discussion.classMentorId }) || isAdmin(user);

/** The all-classes list of the admin dashboard. */
export const canListAllDiscussions = (user: { role: Role }) => isAdmin(user);
