import { MESSAGES } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { classes, enrolments, type UserRow } from '../db/schema.js';
import { badRequest, forbidden } from '../http/errors.js';
import { notifyEnrolment } from '../notifications/raise.js';
import { publishNotifications } from '../notifications/service.js';
import { enrolRefusal } from './policy.js';
import { classNotFound, enrolmentState } from './service.js';

// Enrolling in a class: the seat and the mentor's notification commit together, and the
// notification is published once they have. Who may enrol comes from policy.ts, who is told from
// notifications/raise.ts.

/**
 * Takes a seat. Capacity holds under concurrency: the class row is locked first (FOR NO KEY UPDATE,
 * which does not block foreign-key checks elsewhere), so enrolments in one class run one after
 * another and each count sees every earlier winner. The primary key (class_id, user_id) rules out
 * double enrolment whatever happens; ON CONFLICT DO NOTHING reports it without aborting the transaction.
 * The class's mentor is notified.
 */
export async function enrol(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const raised = await ctx.db.transaction(async (tx) => {
    const [cls] = await tx
      .select({
        id: classes.id,
        mentorId: classes.mentorId,
        maxStudents: classes.maxStudents,
        title: classes.title,
        status: classes.status,
      })
      .from(classes)
      .where(eq(classes.id, id))
      .for('no key update');
    if (!cls) throw classNotFound();
    const refusal = enrolRefusal(user, cls);
    if (refusal === 'ownClass') throw forbidden(MESSAGES.server.cannotEnrolOwnClass);
    if (refusal === 'completed') throw badRequest(MESSAGES.server.classCompleted);
    const { enrolled, mine } = await enrolmentState(tx, id, user.id);
    if (mine) throw badRequest(MESSAGES.server.alreadyEnrolled);
    if (cls.maxStudents !== null && enrolled >= cls.maxStudents) throw badRequest(MESSAGES.server.classFull);
    const inserted = await tx
      .insert(enrolments)
      .values({ classId: id, userId: user.id })
      .onConflictDoNothing()
      .returning({ userId: enrolments.userId });
    if (inserted.length === 0) throw badRequest(MESSAGES.server.alreadyEnrolled);
    return notifyEnrolment(tx, user, cls);
  });
  ctx.readCache.changed('enrolments');
  await publishNotifications(ctx, raised);
}
