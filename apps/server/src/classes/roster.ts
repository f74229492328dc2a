import { MESSAGES, type RosterResponse } from '@mentora/contract';
import { asc, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/service.js';
import type { AppContext } from '../context.js';
import { classes, enrolments, type UserRow, users } from '../db/schema.js';
import { forbidden, notFound } from '../http/errors.js';
import { notifyRemovedFromClass } from '../notifications/raise.js';
import { publishNotifications } from '../notifications/service.js';
import { deleteEnrolment, enrolmentEnded } from './enrolmentEnd.js';
import { canManageRoster, removesLearnerAsModerator } from './policy.js';
import { presentRosterLearner } from './presenter.js';

// A class's roster (issue #25): who is enrolled and since when, and taking someone off it. Its mentor
// and admins only (policy.ts canManageRoster).

async function rosterClass(ctx: AppContext, user: UserRow, id: string) {
  const [cls] = await ctx.db
    .select({ id: classes.id, mentorId: classes.mentorId, title: classes.title })
    .from(classes)
    .where(eq(classes.id, id))
    .limit(1);
  if (!cls) throw notFound(MESSAGES.classDetail.notFound);
  if (!canManageRoster(user, cls)) throw forbidden(MESSAGES.server.rosterMentorOrAdminOnly);
  return cls;
}

/** The enrolled learners, first enrolled first (ties by id, so the order never changes between reads). */
export async function listRoster(ctx: AppContext, user: UserRow, id: string): Promise<RosterResponse> {
  await rosterClass(ctx, user, id);
  const rows = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      profilePicture: users.profilePicture,
      enrolledAt: enrolments.createdAt,
    })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(eq(enrolments.classId, id))
    .orderBy(asc(enrolments.createdAt), asc(enrolments.userId));
  return { learners: rows.map(presentRosterLearner) };
}

/**
 * Takes a learner off the roster. It ends their enrolment the way leaving does (enrolmentEnded: their
 * access and live streams end at once), tells them, and, when an admin does it to a class they do not
 * mentor, goes in the audit log: all in one transaction, so none of it happens without the rest.
 */
export async function removeFromRoster(ctx: AppContext, user: UserRow, id: string, learnerId: string): Promise<void> {
  const cls = await rosterClass(ctx, user, id);
  const raised = await ctx.db.transaction(async (tx) => {
    if (!(await deleteEnrolment(tx, id, learnerId))) throw notFound(MESSAGES.server.learnerNotEnrolled);
    if (removesLearnerAsModerator(user, cls)) {
      const [learner] = await tx.select({ name: users.name }).from(users).where(eq(users.id, learnerId));
      await recordAudit(tx, {
        actor: user,
        action: 'learner_removed',
        target: { type: 'class', id, name: cls.title },
        detail: learner ? learner.name : '',
      });
    }
    return notifyRemovedFromClass(tx, user, learnerId, cls);
  });
  enrolmentEnded(ctx, id, learnerId);
  await publishNotifications(ctx, raised);
}
