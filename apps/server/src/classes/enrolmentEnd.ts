import { and, eq } from 'drizzle-orm';
import { authChanged } from '../auth/authChanges.js';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import { enrolments } from '../db/schema.js';

// One way an enrolment ends, whoever ends it: the learner leaving (unenrol) or the class's mentor or an
// admin removing them (roster.ts). Both must take the learner's access away at once, so both go through
// here: the row's deletion fires migration 0008's access_changes notice to every process, and
// enrolmentEnded acts in this one before the notice comes back.

/** Deletes the enrolment, in the caller's transaction if it has one; false when there was none. */
export async function deleteEnrolment(db: Queryable, classId: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(enrolments)
    .where(and(eq(enrolments.classId, classId), eq(enrolments.userId, userId)))
    .returning({ userId: enrolments.userId });
  return deleted.length > 0;
}

/** Once the deletion has committed: caches forget it and the learner's live streams of the class end. */
export function enrolmentEnded(ctx: AppContext, classId: string, userId: string): void {
  ctx.readCache.changed('enrolments');
  authChanged(ctx, { kind: 'member', userId, classId });
}
