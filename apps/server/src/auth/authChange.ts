// What the database announces on this channel, at commit, to every process listening
// (db/changeListener.ts), whichever process or tool made the change:
// - "user:<id>" when a user row is updated or deleted (migration 0005_auth_changes),
// - "session:<id>" when a session ends (0005),
// - "member:<userId>:<classId>" when an enrolment ends, cascades included (0008_access_changes).
export const AUTH_CHANNEL = 'mentora_auth';

export type AuthChange =
  | { kind: 'user'; id: string }
  | { kind: 'session'; id: string }
  | { kind: 'member'; userId: string; classId: string };

/** The change a notice announces; undefined when it is not one we can read. */
export function parseAuthChange(payload: string | undefined): AuthChange | undefined {
  const [kind, id, classId, ...rest] = (payload ?? '').split(':');
  if (!id || rest.length > 0) return undefined;
  if (kind === 'user' && classId === undefined) return { kind, id };
  if (kind === 'session' && classId === undefined) return { kind, id };
  if (kind === 'member' && classId) return { kind, userId: id, classId };
  return undefined;
}
