import type { OwnProfile, PersonRef, User } from '@mentora/contract';
import type { UserRow } from '../db/schema.js';
import { type Restriction, restrictionInForce } from '../sanctions/policy.js';

/** The only way a user row leaves the server: never the password hash. */
export function presentUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    role: row.role,
    skills: row.skills,
    bio: row.bio,
    profilePicture: row.profilePicture,
    verified: row.verified,
    verificationRequested: row.verificationRequested,
    verificationRequestDate: row.verificationRequestDate?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The signed-in person's own account: what everyone's is, and the silence in force on it (why, until when). */
export function presentOwnProfile(row: UserRow, restrictions: readonly Restriction[]): OwnProfile {
  const silence = restrictionInForce(restrictions, 'silence');
  return {
    ...presentUser(row),
    silence: silence ? { reason: silence.reason, endsAt: silence.endsAt.toISOString() } : null,
  };
}

/** A person as other users see them beside what they wrote: no email, no role. */
export function presentPersonRef(row: { id: string; name: string; profilePicture: string }): PersonRef {
  return { _id: row.id, name: row.name, profilePicture: row.profilePicture };
}
