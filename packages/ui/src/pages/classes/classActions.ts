import type { ClassItem, User } from '@mentora/contract';

export interface ClassActions {
  /** The signed-in person mentors this class. */
  isOwner: boolean;
  canEnrol: boolean;
  canUnenrol: boolean;
  canJoinLive: boolean;
  canStartLive: boolean;
  /** A new room link, which ends the old one: its own mentor only (API.md), admins included out. */
  canRotateRoom: boolean;
  canDelete: boolean;
  /** May read the class's discussions (enrolled, its mentor, or an admin: API.md). */
  canSeeDiscussions: boolean;
  /** May start one (enrolled or its mentor). */
  canStartDiscussion: boolean;
}

/**
 * What the class page offers whom (SPEC.md section 6, with API.md's refinements): a signed-in person who is
 * neither enrolled nor its mentor may enrol (admins too: API.md says "signed in, not its mentor"); an
 * enrolled non-mentor may join the live session or unenrol; its own mentor starts the session; its mentor or an admin deletes it.
 */
export function classActions(
  user: Pick<User, '_id' | 'role'> | null,
  cls: Pick<ClassItem, 'mentor'>,
  isEnrolled: boolean,
): ClassActions {
  const signedIn = user !== null;
  const isOwner = signedIn && user._id === cls.mentor._id;
  const admin = user?.role === 'admin';
  const enrolled = signedIn && isEnrolled && !isOwner;
  return {
    isOwner,
    canEnrol: signedIn && !enrolled && !isOwner,
    canUnenrol: enrolled,
    canJoinLive: enrolled,
    canStartLive: isOwner,
    canRotateRoom: isOwner,
    canDelete: isOwner || admin,
    canSeeDiscussions: enrolled || isOwner || admin,
    canStartDiscussion: enrolled || isOwner,
  };
}
