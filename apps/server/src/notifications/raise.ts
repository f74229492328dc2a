import { eq, inArray, sql } from 'drizzle-orm';
import { isClassMentor } from '../classes/policy.js';
import type { Queryable } from '../db/client.js';
import { enrollments, type NotificationRow, notifications, users } from '../db/schema.js';

// Who is told what (issue #7), written inside the transaction of the action itself, so a notification
// exists exactly when its action does. Each function returns the rows to publish once it commits
// (publishNotifications). Nobody is ever told of their own action.

type NewNotification = typeof notifications.$inferInsert;

interface Actor {
  id: string;
  name: string;
}

/** The recipients, once each, without the actor. */
function others(actorId: string | null, ids: Iterable<string>): string[] {
  return [...new Set(ids)].filter((id) => id !== actorId);
}

async function insertAll(db: Queryable, rows: NewNotification[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning();
}

/**
 * One row per (user, group key): news on an existing one updates it (latest actor, count, title),
 * makes it unread again and moves it to the top with a new event id (community/likeToggle.ts does the
 * same in SQL for likes).
 */
async function upsertGrouped(db: Queryable, rows: (NewNotification & { groupKey: string })[]) {
  if (rows.length === 0) return [];
  return db
    .insert(notifications)
    .values(rows)
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.groupKey],
      set: {
        actorId: sql`excluded.actor_id`,
        actorName: sql`excluded.actor_name`,
        subjectTitle: sql`excluded.subject_title`,
        contextTitle: sql`excluded.context_title`,
        count: sql`excluded.count`,
        readAt: null,
        updatedAt: sql`now()`,
        seq: sql`nextval('live_event_seq')`,
      },
    })
    .returning();
}

export const links = {
  discussion: (id: string) => `/discussions/${id}`,
  post: (id: string) => `/community#post-${id}`,
  cls: (id: string) => `/classes/${id}`,
  dashboard: '/dashboard',
  pendingMentors: '/admin?tab=mentors',
};

// A reply to a discussion tells its author: written by the reply's own statement
// (discussions/replyInsert.ts), like a like's (community/likeToggle.ts).

/** The class's mentor, as a list of at most one: its creator while they hold a mentor role (classes/policy.ts). */
async function mentorOf(db: Queryable, cls: { mentorId: string }): Promise<string[]> {
  const [creator] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, cls.mentorId));
  return creator && isClassMentor(creator, cls) ? [creator.id] : [];
}

/** A new discussion: everyone in its class (enrolled learners and the mentor) but its author. */
export async function notifyNewDiscussion(
  db: Queryable,
  actor: Actor,
  discussion: { id: string; title: string },
  cls: { id: string; title: string; mentorId: string },
) {
  const enrolled = await db
    .select({ userId: enrollments.userId })
    .from(enrollments)
    .where(eq(enrollments.classId, cls.id));
  return insertAll(
    db,
    others(actor.id, [...(await mentorOf(db, cls)), ...enrolled.map((e) => e.userId)]).map((userId) => ({
      userId,
      kind: 'new_discussion' as const,
      actorId: actor.id,
      actorName: actor.name,
      classId: cls.id,
      discussionId: discussion.id,
      subjectTitle: discussion.title,
      contextTitle: cls.title,
      link: links.discussion(discussion.id),
    })),
  );
}

/** A reply to a community post: its author. */
export function notifyPostReply(db: Queryable, actor: Actor, post: { id: string; title: string; authorId: string }) {
  return insertAll(
    db,
    others(actor.id, [post.authorId]).map((userId) => ({
      userId,
      kind: 'post_reply' as const,
      actorId: actor.id,
      actorName: actor.name,
      postId: post.id,
      subjectTitle: post.title,
      link: links.post(post.id),
    })),
  );
}

/**
 * A like tells the post's author, grouped into one notification per post that says how many people like
 * it now (not counting the author's own like). It is written by the like's own statement
 * (community/likeToggle.ts, with the same renewal as upsertGrouped), under this key.
 */
export const likeGroupKey = (postId: string) => `like:${postId}`;

/** A new enrolment: the class's mentor. */
export async function notifyEnrolment(
  db: Queryable,
  actor: Actor,
  cls: { id: string; title: string; mentorId: string },
) {
  return insertAll(
    db,
    others(actor.id, await mentorOf(db, cls)).map((userId) => ({
      userId,
      kind: 'enrolment' as const,
      actorId: actor.id,
      actorName: actor.name,
      classId: cls.id,
      subjectTitle: cls.title,
      link: links.cls(cls.id),
    })),
  );
}

/** A live session starting: every learner enrolled in the class (one notification per class, renewed each time). */
export async function notifyLiveStarted(db: Queryable, actor: Actor, cls: { id: string; title: string }) {
  const enrolled = await db
    .select({ userId: enrollments.userId })
    .from(enrollments)
    .where(eq(enrollments.classId, cls.id));
  return upsertGrouped(
    db,
    others(
      actor.id,
      enrolled.map((e) => e.userId),
    ).map((userId) => ({
      userId,
      kind: 'live_started' as const,
      actorId: actor.id,
      actorName: actor.name,
      classId: cls.id,
      subjectTitle: cls.title,
      link: links.cls(cls.id),
      groupKey: `live:${cls.id}`,
    })),
  );
}

/** A mentor's verification: that mentor. An admin did it; the text needs no name. */
export function notifyMentorVerified(db: Queryable, mentorId: string, adminId: string) {
  return insertAll(
    db,
    others(adminId, [mentorId]).map((userId) => ({
      userId,
      kind: 'mentor_verified' as const,
      link: links.dashboard,
    })),
  );
}

/** A verification request: every admin (one notification per mentor, renewed when they ask again). */
export async function notifyVerificationRequest(db: Queryable, actor: Actor) {
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, ['admin']));
  return upsertGrouped(
    db,
    others(
      actor.id,
      admins.map((a) => a.id),
    ).map((userId) => ({
      userId,
      kind: 'verification_request' as const,
      actorId: actor.id,
      actorName: actor.name,
      link: links.pendingMentors,
      groupKey: `verification:${actor.id}`,
    })),
  );
}
