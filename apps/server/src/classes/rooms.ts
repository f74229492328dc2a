import { randomBytes } from 'node:crypto';

/** An unguessable room name for a class's live session (128 random bits). */
export function newLiveRoom(): string {
  return `mentora-${randomBytes(16).toString('hex')}`;
}
