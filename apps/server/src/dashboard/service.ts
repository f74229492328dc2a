import { MENTOR_DASHBOARD_ITEMS, MESSAGES, type MentorDashboard, NEW_ENROLMENT_DAYS } from '@mentora/contract';
import { and, asc, desc, eq, gt, gte, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import {
  classes,
  classSessions,
  discussionReplies,
  discussions,
  enrolments,
  type UserRow,
  users,
} from '../db/schema.js';
import { presentDiscussion } from '../discussions/presenter.js';
import { discussionFields } from '../discussions/service.js';
import { forbidden } from '../http/errors.js';
import { maskedDiscussion, maskedList, notHiddenSql } from '../moderation/visibility.js';
import { canSeeMentorDashboard } from './policy.js';
import { presentDashboardEnrolment, presentDashboardSession } from './presenter.js';

// A mentor's dashboard (issue #37 item 5): what waits for them in the classes they teach, in one call,
// so the page does not ask each class in turn. The caller is a mentor (policy.ts), so the classes they
// created are the ones they teach (classes/policy.ts isClassMentor).

const DAY_MS = 86_400_000;
const count = sql<number>`count(*)::int`;

/**
 * Discussions of the mentor's classes that someone else started and the mentor has not answered. A
 * hidden one is left out: only its author and admins may still read it, so the mentor could not answer.
 */
const awaitingReplySql = (mentorId: string): SQL | undefined =>
  and(
    eq(classes.mentorId, mentorId),
    ne(discussions.authorId, mentorId),
    notHiddenSql(discussions.hidden),
    sql`not exists (select 1 from ${discussionReplies} where ${discussionReplies.discussionId} = ${discussions.id} and ${discussionReplies.authorId} = ${mentorId})`,
  );

async function upcomingSessions(db: Queryable, mentorId: string) {
  const rows = await db
    .select({ session: classSessions, classTitle: classes.title })
    .from(classSessions)
    .innerJoin(classes, eq(classes.id, classSessions.classId))
    .where(
      and(
        eq(classes.mentorId, mentorId),
        isNull(classSessions.cancelledAt),
        // One under way is still ahead of them, as the class page lists it (classes/sessions.ts sessionsAhead).
        gt(sql`${classSessions.startsAt} + ${classSessions.durationMinutes} * interval '1 minute'`, sql`now()`),
      ),
    )
    .orderBy(asc(classSessions.startsAt), asc(classSessions.id))
    .limit(MENTOR_DASHBOARD_ITEMS);
  return rows.map(presentDashboardSession);
}

async function newEnrolments(db: Queryable, mentorId: string, since: Date) {
  const recent = and(eq(classes.mentorId, mentorId), gte(enrolments.createdAt, since));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        learner: { id: users.id, name: users.name, profilePicture: users.profilePicture },
        cls: { id: classes.id, title: classes.title },
        enrolledAt: enrolments.createdAt,
      })
      .from(enrolments)
      .innerJoin(classes, eq(classes.id, enrolments.classId))
      .innerJoin(users, eq(users.id, enrolments.userId))
      .where(recent)
      .orderBy(desc(enrolments.createdAt), asc(enrolments.userId))
      .limit(MENTOR_DASHBOARD_ITEMS),
    db.select({ count }).from(enrolments).innerJoin(classes, eq(classes.id, enrolments.classId)).where(recent),
  ]);
  return { items: rows.map(presentDashboardEnrolment), total: Number(total?.count ?? 0) };
}

async function awaitingReply(db: Queryable, mentorId: string) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        discussion: discussionFields,
        cls: { id: classes.id, title: classes.title, mentorId: classes.mentorId },
        author: { id: users.id, name: users.name, profilePicture: users.profilePicture },
        replyCount: sql<number>`(select count(*)::int from ${discussionReplies} where ${discussionReplies.discussionId} = ${discussions.id})`,
      })
      .from(discussions)
      .innerJoin(classes, eq(classes.id, discussions.classId))
      .innerJoin(users, eq(users.id, discussions.authorId))
      .where(awaitingReplySql(mentorId))
      .orderBy(desc(discussions.createdAt), desc(discussions.id))
      .limit(MENTOR_DASHBOARD_ITEMS),
    db
      .select({ count })
      .from(discussions)
      .innerJoin(classes, eq(classes.id, discussions.classId))
      .where(awaitingReplySql(mentorId)),
  ]);
  // Not replied to by the mentor, by the query's own condition.
  const items = rows.map((row) =>
    presentDiscussion({ ...row, replyCount: Number(row.replyCount), repliedByMe: false }),
  );
  return { items, total: Number(total?.count ?? 0) };
}

export async function mentorDashboard(ctx: AppContext, user: UserRow, now = new Date()): Promise<MentorDashboard> {
  if (!canSeeMentorDashboard(user)) throw forbidden(MESSAGES.server.mentorOnly);
  const since = new Date(now.getTime() - NEW_ENROLMENT_DAYS * DAY_MS);
  const [[taught], sessions, enrolled, waiting] = await Promise.all([
    ctx.db.select({ count }).from(classes).where(eq(classes.mentorId, user.id)),
    upcomingSessions(ctx.db, user.id),
    newEnrolments(ctx.db, user.id, since),
    awaitingReply(ctx.db, user.id),
  ]);
  return {
    classCount: Number(taught?.count ?? 0),
    sessions,
    enrolments: enrolled.items,
    newEnrolmentCount: enrolled.total,
    // Through the one visibility rule like every list, though the query already leaves hidden ones out.
    awaitingReply: maskedList(waiting.items, (d) => maskedDiscussion(user, d)),
    awaitingReplyCount: waiting.total,
  };
}
