import type { ClassItem, User } from '@mentora/contract';
import { isMentor } from '../../auth/roles';

export interface ClassActions {
  /** The signed-in person created this class, whatever their role is now. */
  isCreator: boolean;
  /** The signed-in person mentors this class: they created it and still hold a mentor role (mentor or both). */
  isOwner: boolean;
  canEnrol: boolean;
  canUnenrol: boolean;
  /** Join its live session (a live class only: video and file classes have none, issue #37.2). */
  canJoinLive: boolean;
  canStartLive: boolean;
  /** A new room link, which ends the old one: its own mentor only (API.md), admins included out. */
  canRotateRoom: boolean;
  canDelete: boolean;
  /** Edit it (issue #25): its own mentor only, as the server's canEditClass. */
  canEdit: boolean;
  /** See its roster and take learners off it: its mentor or an admin. */
  canManageRoster: boolean;
  /** May read the class's discussions (enrolled, its mentor, or an admin: API.md). */
  canSeeDiscussions: boolean;
  /** May start one (enrolled or its mentor). */
  canStartDiscussion: boolean;
}

/**
 * What the class page offers whom (SPEC.md section 6, with API.md's refinements): a signed-in person who is
 * neither enrolled nor its mentor may enrol (admins too: API.md says "signed in, not its mentor"); an
 * enrolled non-mentor may join the live session or unenrol; its own mentor starts the session and edits it; its
 * mentor or an admin deletes it and manages its roster. Nobody enrols in a completed class.
 * Its creator, once no longer a mentor, runs nothing of it (the server's classes/policy.ts) and still may not enrol.
 */
export function classActions(
  user: Pick<User, '_id' | 'role'> | null,
  cls: Pick<ClassItem, 'mentor' | 'contentType'> & Partial<Pick<ClassItem, 'status'>>,
  isEnrolled: boolean,
): ClassActions {
  const signedIn = user !== null;
  const isCreator = signedIn && user._id === cls.mentor._id;
  const isOwner = isCreator && isMentor(user.role);
  const admin = user?.role === 'admin';
  const enrolled = signedIn && isEnrolled && !isCreator;
  const live = cls.contentType === 'live';
  return {
    isCreator,
    isOwner,
    // A completed class takes no new enrolments (the server answers 400): the page says so instead.
    canEnrol: signedIn && !enrolled && !isCreator && cls.status !== 'completed',
    canUnenrol: enrolled,
    canJoinLive: enrolled && live,
    canStartLive: isOwner && live,
    canRotateRoom: isOwner && live,
    canDelete: isOwner || admin,
    canEdit: isOwner,
    canManageRoster: isOwner || admin,
    canSeeDiscussions: enrolled || isOwner || admin,
    canStartDiscussion: enrolled || isOwner,
  };
}
