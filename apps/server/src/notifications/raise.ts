import { MESSAGES, MODERATION_TARGET_NAMES, type ModerationAction, type ModerationTargetType } from '@mentora/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { isClassMentor } from '../classes/policy.js';
import type { Queryable } from '../db/client.js';
import {
  enrolments,
  type NotificationDetail,
  type NotificationRow,
  notifications,
  type SanctionRow,
  users,
} from '../db/schema.js';

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
 * makes it unread again and moves it to the top with a new event id (notifyPostLikesSql does the same
 * for likes).
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

// Replies to discussions and likes are written by statements that do the whole write in one round trip
// (discussions/replyCreator.ts, community/likeToggle.ts). Who they tell is decided here all the same:
// each statement takes its notification insert from the two functions below, given its own rows as SQL.

/**
 * A reply to a discussion tells the discussion's author, never of their own reply: one notification per
 * reply. `from` names the rows (one per written reply), the other fields are SQL over them; the insert
 * goes in the order `orderBy` gives, so that each takes its live event id (seq) in that order.
 */
export function notifyDiscussionRepliesSql(replies: {
  from: SQL;
  orderBy: SQL;
  id: SQL;
  actor: { id: SQL; name: SQL };
  discussion: { id: SQL; classId: SQL; authorId: SQL; title: SQL };
  /** links.discussion of the discussion. */
  link: SQL;
}): SQL {
  const { actor, discussion } = replies;
  return sql`insert into notifications
      (id, user_id, kind, actor_id, actor_name, class_id, discussion_id, subject_title, link)
    select ${replies.id}, ${discussion.authorId}, 'discussion_reply', ${actor.id}, ${actor.name},
      ${discussion.classId}, ${discussion.id}, ${discussion.title}, ${replies.link}
    from ${replies.from}
    where ${discussion.authorId} <> ${actor.id}
    order by ${replies.orderBy}
    returning *`;
}

/** The learners enrolled in a class, by id. */
async function learnersOf(db: Queryable, classId: string): Promise<string[]> {
  const rows = await db.select({ userId: enrolments.userId }).from(enrolments).where(eq(enrolments.classId, classId));
  return rows.map((row) => row.userId);
}

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
  const enrolled = await learnersOf(db, cls.id);
  return insertAll(
    db,
    others(actor.id, [...(await mentorOf(db, cls)), ...enrolled]).map((userId) => ({
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

/** The key of a post's grouped like notification (notifyPostLikesSql). */
export const likeGroupKey = (postId: string) => `like:${postId}`;

/**
 * A like tells the post's author, never of their own like, grouped into one notification per post (the
 * same renewal as upsertGrouped) that says how many people like it now, the author excepted. For the
 * statement that adds the likes (community/likeToggle.ts): `from` names one row per like added, the
 * other fields are SQL over them. Every part of a statement reads the same snapshot, which does not
 * hold the likes it adds: the count is the others who liked it before, plus this one. A post may appear
 * once per statement, so that count and the one upsert per post hold.
 */
export function notifyPostLikesSql(likes: {
  from: SQL;
  orderBy: SQL;
  actor: { id: SQL; name: SQL };
  post: { id: SQL; authorId: SQL; title: SQL };
  /** links.post of the post. */
  link: SQL;
  /** likeGroupKey of the post. */
  groupKey: SQL;
}): SQL {
  const { actor, post } = likes;
  return sql`insert into notifications
      (user_id, kind, actor_id, actor_name, post_id, subject_title, link, group_key, count)
    select ${post.authorId}, 'post_like', ${actor.id}, ${actor.name}, ${post.id}, ${post.title}, ${likes.link},
      ${likes.groupKey},
      1 + (select count(*) from post_likes l
           where l.post_id = ${post.id} and l.user_id <> ${post.authorId} and l.user_id <> ${actor.id})
    from ${likes.from}
    where ${post.authorId} <> ${actor.id}
    order by ${likes.orderBy}
    on conflict (user_id, group_key) do update set
      actor_id = excluded.actor_id, actor_name = excluded.actor_name,
      subject_title = excluded.subject_title, context_title = excluded.context_title,
      count = excluded.count, read_at = null, updated_at = now(), seq = nextval('live_event_seq')
    returning id, post_id`;
}

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

/** A learner taken off a class's roster by its mentor or an admin: that learner. */
export function notifyRemovedFromClass(
  db: Queryable,
  actor: Actor,
  learnerId: string,
  cls: { id: string; title: string },
) {
  return insertAll(
    db,
    others(actor.id, [learnerId]).map((userId) => ({
      userId,
      kind: 'removed_from_class' as const,
      actorId: actor.id,
      actorName: actor.name,
      classId: cls.id,
      subjectTitle: cls.title,
      // The class page: they may read it still, and enrol again unless it is full or completed.
      link: links.cls(cls.id),
    })),
  );
}

/**
 * A session scheduled, moved or cancelled (classes/sessions.ts): every learner enrolled in the class,
 * each told once per change. The link is the class page, where its sessions are listed.
 */
export async function notifySessionChange(
  db: Queryable,
  actor: Actor,
  kind: 'session_scheduled' | 'session_moved' | 'session_cancelled',
  cls: { id: string; title: string },
  session: { id: string; title: string },
  detail?: NotificationDetail,
) {
  const enrolled = await learnersOf(db, cls.id);
  return insertAll(
    db,
    others(actor.id, enrolled).map((userId) => ({
      userId,
      kind,
      actorId: actor.id,
      actorName: actor.name,
      classId: cls.id,
      // A cancelled session's row stays, so its cancellation notice is kept with it (withdrawSessionNotices).
      sessionId: session.id,
      detail: detail ?? null,
      subjectTitle: session.title,
      contextTitle: cls.title,
      link: links.cls(cls.id),
    })),
  );
}

/**
 * A session about to start (classes/reminders.ts): every learner enrolled in its class and its mentor.
 * Nobody acted, so there is no actor; the link is the class page, where "Join" opens the room.
 */
export async function notifySessionReminder(
  db: Queryable,
  cls: { id: string; title: string; mentorId: string },
  session: { id: string; title: string },
) {
  const enrolled = await learnersOf(db, cls.id);
  return insertAll(
    db,
    others(null, [...(await mentorOf(db, cls)), ...enrolled]).map((userId) => ({
      userId,
      kind: 'session_reminder' as const,
      classId: cls.id,
      sessionId: session.id,
      subjectTitle: session.title,
      contextTitle: cls.title,
      link: links.cls(cls.id),
    })),
  );
}

/** A live session starting: every learner enrolled in the class (one notification per class, renewed each time). */
export async function notifyLiveStarted(db: Queryable, actor: Actor, cls: { id: string; title: string }) {
  const enrolled = await learnersOf(db, cls.id);
  return upsertGrouped(
    db,
    others(actor.id, enrolled).map((userId) => ({
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

/** A file added to a class (classes/materials.ts): every learner enrolled in it. */
export async function notifyMaterialAdded(
  db: Queryable,
  actor: Actor,
  cls: { id: string; title: string },
  material: { id: string; name: string },
) {
  const enrolled = await learnersOf(db, cls.id);
  return insertAll(
    db,
    others(actor.id, enrolled).map((userId) => ({
      userId,
      kind: 'material_added' as const,
      actorId: actor.id,
      actorName: actor.name,
      classId: cls.id,
      // Deleting the file deletes this notice (cascade): nobody is sent to a file that is gone.
      materialId: material.id,
      subjectTitle: material.name,
      contextTitle: cls.title,
      link: links.cls(cls.id),
    })),
  );
}

/**
 * A queue entry resolved (moderation/resolveEntry.ts): its reporters (`report_resolved`) and its author
 * (`content_moderated`), never the moderator who decided. The outcome's words go in contextTitle; the
 * name is the item's title or the start of its text, and the link points at the item while it is there.
 */
export function notifyModerationOutcome(
  db: Queryable,
  moderator: Actor,
  entry: { targetType: ModerationTargetType; authorId: string },
  reporterIds: Iterable<string>,
  outcome: { action: ModerationAction; title: string; link: string },
) {
  const { action, title, link } = outcome;
  // Content that stays hidden (or is gone) is named to its reporters by its kind, not quoted: their
  // notification is kept and sent live, and hidden text reaches nobody but its author and admins.
  const reportersTitle = action === 'dismiss' ? title : MODERATION_TARGET_NAMES[entry.targetType];
  const told = [
    ...others(moderator.id, reporterIds).map((userId) => ({
      userId,
      kind: 'report_resolved' as const,
      subjectTitle: reportersTitle,
    })),
    ...others(moderator.id, [entry.authorId]).map((userId) => ({
      userId,
      kind: 'content_moderated' as const,
      subjectTitle: title,
    })),
  ];
  return insertAll(
    db,
    told.map((row) => ({
      ...row,
      actorId: null,
      actorName: '',
      contextTitle: MESSAGES.moderation.outcome[action],
      link,
    })),
  );
}

/**
 * A warning, silence or suspension (sanctions/service.ts): the person sanctioned, always (an admin is
 * never sanctioned, so never by themselves), with no actor named. A warning says its message (or its
 * reason); a silence or suspension its reason, and its end in contextTitle.
 */
export function notifySanction(db: Queryable, sanction: SanctionRow) {
  const base = { userId: sanction.userId, link: links.dashboard, actorName: '' };
  if (sanction.kind === 'warn') {
    return insertAll(db, [{ ...base, kind: 'warned', subjectTitle: sanction.message || sanction.reason }]);
  }
  return insertAll(db, [
    {
      ...base,
      kind: sanction.kind === 'silence' ? 'silenced' : 'suspended',
      subjectTitle: sanction.reason,
      contextTitle: sanction.endsAt?.toISOString() ?? '',
    },
  ]);
}

/** A silence or suspension lifted early (sanctions/service.ts): that person; subjectTitle is its kind. */
export function notifySanctionLifted(db: Queryable, sanction: SanctionRow) {
  return insertAll(db, [
    { userId: sanction.userId, kind: 'sanction_lifted', link: links.dashboard, subjectTitle: sanction.kind },
  ]);
}

// Notices whose subject is gone (issue #37). A notification goes with the class, discussion, post, file or
// session it names: most by cascading foreign keys. What follows is for the deletions that should also
// reach the bell at once (its unread count), and for a cancelled session, whose row is kept.

/**
 * The people whose unread notices matching `where` were deleted, once each: their bell's count is to be
 * sent again once the transaction commits (publishUnreadCounts in notifications/service.ts).
 */
async function withdraw(db: Queryable, where: SQL | undefined): Promise<string[]> {
  const gone = await db
    .delete(notifications)
    .where(where)
    .returning({ userId: notifications.userId, readAt: notifications.readAt });
  return [...new Set(gone.filter((row) => row.readAt === null).map((row) => row.userId))];
}

const SUBJECT_COLUMNS = {
  class: notifications.classId,
  discussion: notifications.discussionId,
  post: notifications.postId,
  material: notifications.materialId,
};

/**
 * A class, discussion, post or file deleted: the notices that name it go in the same transaction, just
 * before its row (the cascade would delete them too, but would not say whose bell to count again).
 */
export function withdrawNoticesOf(db: Queryable, subject: keyof typeof SUBJECT_COLUMNS, id: string): Promise<string[]> {
  return withdraw(db, eq(SUBJECT_COLUMNS[subject], id));
}

/**
 * A session cancelled: the notices that announced, changed or recalled it go, since they point at a
 * session that will not happen; the cancellation's own notice (raised after this) says so instead.
 */
export function withdrawSessionNotices(db: Queryable, sessionId: string): Promise<string[]> {
  return withdraw(
    db,
    and(
      eq(notifications.sessionId, sessionId),
      inArray(notifications.kind, ['session_scheduled', 'session_moved', 'session_reminder']),
    ),
  );
}
