import type { Role } from '@mentora/contract';
import { anyOf, type Membership } from '../classes/membership.js';
import { isClassMentor } from '../classes/policy.js';
import { isAdmin } from '../users/policy.js';

// Who may do what with a class's discussions (API.md), given where the caller stands in that class.

/** Reading a class's discussions: enrolled, its mentor, or an admin. */
export const canReadDiscussions = (m: Pick<Membership, 'isMember'>) => m.isMember;

/** Starting one: enrolled or the class's mentor. Admins moderate, they do not start threads. */
export const canStartDiscussion = (m: Membership) => m.isEnrolled || m.isClassMentor;

/**
 * Replying: enrolled, the class's mentor, or an admin. The statement that writes the reply decides in
 * SQL with canReplyToDiscussion.sql (replyCreator.ts); policy.test.ts and replyCreator.test.ts hold the two to the same answers.
 */
export const canReplyToDiscussion = anyOf('isEnrolled', 'isClassMentor', 'isAdmin');

/** Deleting: its author, the class's mentor, or an admin. */
export const canDeleteDiscussion = (
  user: { id: string; role: Role },
  discussion: { authorId: string; classMentorId: string },
) => discussion.authorId === user.id || isClassMentor(user, { mentorId: discussion.classMentorId }) || isAdmin(user);

/** The all-classes list of the admin dashboard. */
export const canListAllDiscussions = (user: { role: Role }) => isAdmin(user);

/**
 * An admin deleting a discussion that is neither theirs nor of a class they created is moderating: it
 * goes in the audit log.
 */
export const deletesDiscussionAsModerator = (
  user: { id: string; role: Role },
  discussion: { authorId: string; classMentorId: string },
) => isAdmin(user) && discussion.authorId !== user.id && discussion.classMentorId !== user.id;
