import type { PersonRef, User } from '@mentora/contract';
import type { UserRow } from '../db/schema.js';

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

/** A person as other users see them beside what they wrote: no email, no role. */
export function presentPersonRef(row: { id: string; name: string; profilePicture: string }): PersonRef {
  return { _id: row.id, name: row.name, profilePicture: row.profilePicture };
}
