import {
  type ClassItem,
  type ClassListResponse,
  type createClassRequestSchema,
  hasLiveSessions,
  type LiveResponse,
  type LiveRoomResponse,
  type listClassesQuerySchema,
  liveJoin,
  MESSAGES,
  startedSessionOn,
  type updateClassRequestSchema,
} from '@mentora/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/service.js';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import type { WatchedTable } from '../db/readCache.js';
import { classes, enrolments, type UserRow, users } from '../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { decodeCursor, pageOf } from '../http/pagination.js';
import { notifyLiveStarted, withdrawNoticesOf } from '../notifications/raise.js';
import { publishNotifications, publishUnreadCounts } from '../notifications/service.js';
import { isMentor } from '../users/policy.js';
import { deleteEnrolment, enrolmentEnded } from './enrolmentEnd.js';
import { membershipOf } from './membership.js';
import {
  canCreateClass,
  canDeleteClass,
  canEditClass,
  canListCreatedClasses,
  canRotateLiveRoom,
  canSeeClassRoom,
  canStartLive,
  deletesClassAsModerator,
} from './policy.js';
import { presentClass, presentClassSession } from './presenter.js';
import { findClassView, listClassViews } from './queries.js';
import { newLiveRoom } from './rooms.js';
import { classSearchVector } from './search.js';
import { sessionsAhead } from './sessions.js';

type CreateInput = z.output<typeof createClassRequestSchema>;
type UpdateInput = z.output<typeof updateClassRequestSchema>;
type ListQuery = z.output<typeof listClassesQuerySchema>;

export const classNotFound = () => notFound(MESSAGES.classDetail.notFound);

/** What a class card or page shows is read from these tables (db/readCache.ts). */
const CLASS_TABLES: readonly WatchedTable[] = ['classes', 'users', 'enrolments', 'reviews'];
/** What deleting a class removes with it (the foreign keys cascade). */
const CLASS_AND_DEPENDENTS: readonly WatchedTable[] = [...CLASS_TABLES, 'discussions', 'discussion_replies'];

/** The stored columns for a create or a full update: the search vector is written with the text it indexes. */
function classValues(input: CreateInput | UpdateInput) {
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    contentType: input.contentType,
    contentUrl: input.contentUrl,
    price: input.price,
    isPaid: input.isPaid,
    schedule: input.schedule,
    maxStudents: input.maxStudents,
    prerequisites: input.prerequisites,
    materials: input.materials,
    tags: input.tags,
    startDate: input.startDate === null ? null : new Date(input.startDate),
    search: classSearchVector(input),
  };
}

async function classOwnership(db: Queryable, id: string) {
  const [row] = await db
    .select({
      id: classes.id,
      mentorId: classes.mentorId,
      liveRoom: classes.liveRoom,
      contentType: classes.contentType,
    })
    .from(classes)
    .where(eq(classes.id, id))
    .limit(1);
  return row;
}

const liveUrl = (ctx: AppContext, room: string) => `${ctx.config.liveBaseUrl}${room}`;

// ---------- reading ----------

export async function listClasses(ctx: AppContext, user: UserRow, query: ListQuery): Promise<ClassListResponse> {
  // filter=created asks for something only mentors have: a 403 says so, where an empty list would
  // suggest a learner simply has not created anything yet.
  if (query.filter === 'created' && !canListCreatedClasses(user)) throw forbidden(MESSAGES.server.mentorOnly);
  const cursor = decodeCursor(query.cursor);
  const search = query.search || undefined;
  // Everyone sees the same catalogue; the enrolled and created filters are the viewer's own.
  const viewer = query.filter === 'all' ? null : user.id;
  const key = JSON.stringify(['classes', query.filter, viewer, query.category, search, query.cursor, query.limit]);
  return ctx.readCache.read(key, CLASS_TABLES, async () => {
    const rows = await listClassViews(ctx.db, {
      viewerId: user.id,
      filter: query.filter,
      category: query.category,
      search,
      cursor,
      limit: query.limit + 1,
    });
    const page = pageOf(rows, query.limit, (row) =>
      row.searchTier === null || row.searchTier === undefined ? row.cls : { ...row.cls, tier: row.searchTier },
    );
    return { classes: page.items.map((view) => presentClass(view, ctx.config.currency)), nextCursor: page.nextCursor };
  });
}

export async function getClass(ctx: AppContext, id: string): Promise<ClassItem> {
  const item = await ctx.readCache.read(JSON.stringify(['class', id]), CLASS_TABLES, async () => {
    const view = await findClassView(ctx.db, id);
    return view && presentClass(view, ctx.config.currency);
  });
  if (!item) throw classNotFound();
  return item;
}

export async function enrolledClasses(ctx: AppContext, user: UserRow): Promise<ClassItem[]> {
  return ctx.readCache.read(JSON.stringify(['enrolledClasses', user.id]), CLASS_TABLES, async () => {
    const rows = await listClassViews(ctx.db, { viewerId: user.id, filter: 'enrolled' });
    return rows.map((view) => presentClass(view, ctx.config.currency));
  });
}

export async function createdClasses(ctx: AppContext, user: UserRow): Promise<ClassItem[]> {
  if (!canListCreatedClasses(user)) throw forbidden(MESSAGES.server.mentorOnly);
  return ctx.readCache.read(JSON.stringify(['createdClasses', user.id]), CLASS_TABLES, async () => {
    const rows = await listClassViews(ctx.db, { viewerId: user.id, filter: 'created' });
    return rows.map((view) => presentClass(view, ctx.config.currency));
  });
}

// ---------- writing ----------

export async function createClass(ctx: AppContext, user: UserRow, input: CreateInput): Promise<ClassItem> {
  if (!isMentor(user)) throw forbidden(MESSAGES.createClass.accessDenied);
  if (!canCreateClass(user)) throw forbidden(MESSAGES.server.verifiedMentorOnly);
  const [row] = await ctx.db
    .insert(classes)
    .values({ ...classValues(input), mentorId: user.id, liveRoom: newLiveRoom() })
    .returning();
  if (!row) throw new Error('class insert returned nothing');
  ctx.readCache.changed('classes');
  return presentClass(
    {
      cls: row,
      mentor: { id: user.id, name: user.name, profilePicture: user.profilePicture },
      studentCount: 0,
      rating: null,
      reviewCount: 0,
      enrolledStudents: [],
    },
    ctx.config.currency,
  );
}

/**
 * A full update by the class's mentor. The class row stays locked until commit, as in enrol(), so
 * maxStudents can never be set below the enrolment count, even while learners are enrolling.
 */
export async function updateClass(ctx: AppContext, user: UserRow, id: string, input: UpdateInput): Promise<ClassItem> {
  const updated = await ctx.db.transaction(async (tx) => {
    const [cls] = await tx
      .select({ id: classes.id, mentorId: classes.mentorId })
      .from(classes)
      .where(eq(classes.id, id))
      .for('no key update');
    if (!cls) throw classNotFound();
    if (!canEditClass(user, cls)) throw forbidden(MESSAGES.server.classMentorOnly);
    if (input.maxStudents !== null) {
      const { enrolled } = await enrolmentState(tx, id, user.id);
      if (enrolled > input.maxStudents) {
        const message = MESSAGES.server.maxStudentsBelowEnrolled(enrolled);
        throw badRequest(message, [{ path: 'maxStudents', message }]);
      }
    }
    await tx
      .update(classes)
      .set({ ...classValues(input), ...(input.status ? { status: input.status } : {}) })
      .where(eq(classes.id, id));
    const view = await findClassView(tx, id);
    if (!view) throw classNotFound();
    return presentClass(view, ctx.config.currency);
  });
  ctx.readCache.changed('classes');
  return updated;
}

/**
 * One DELETE: the foreign keys cascade to enrolments, discussions (with replies) and reviews. An admin
 * deleting someone else's class is moderating: that goes in the audit log, in the same transaction.
 */
export async function deleteClass(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const cls = await classOwnership(ctx.db, id);
  if (!cls) throw classNotFound();
  if (!canDeleteClass(user, cls)) throw forbidden(MESSAGES.server.classMentorOrAdminOnly);
  const withdrawnFrom = await ctx.db.transaction(async (tx) => {
    const withdrawnFrom = await withdrawNoticesOf(tx, 'class', id);
    const [deleted] = await tx
      .delete(classes)
      .where(eq(classes.id, id))
      .returning({ title: classes.title, mentorId: classes.mentorId });
    if (!deleted) throw classNotFound();
    if (deletesClassAsModerator(user, deleted)) {
      const [mentor] = await tx.select({ name: users.name }).from(users).where(eq(users.id, deleted.mentorId));
      await recordAudit(tx, {
        actor: user,
        action: 'class_deleted',
        target: { type: 'class', id, name: deleted.title },
        detail: mentor ? `by ${mentor.name}` : '',
      });
    }
    return withdrawnFrom;
  });
  await publishUnreadCounts(ctx, withdrawnFrom);
  ctx.readCache.changed(...CLASS_AND_DEPENDENTS);
}

// ---------- enrolment ----------

/** How many are enrolled in the class, and whether `userId` is one of them. */
export async function enrolmentState(db: Queryable, classId: string, userId: string) {
  const [row] = await db
    .select({
      enrolled: sql<number>`count(*)::int`,
      mine: sql<boolean>`coalesce(bool_or(${enrolments.userId} = ${userId}), false)`,
    })
    .from(enrolments)
    .where(eq(enrolments.classId, classId));
  return { enrolled: row?.enrolled ?? 0, mine: row?.mine ?? false };
}

export async function unenrol(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  if (await deleteEnrolment(ctx.db, id, user.id)) {
    enrolmentEnded(ctx, id, user.id);
    return;
  }
  if (!(await classOwnership(ctx.db, id))) throw classNotFound();
  throw badRequest(MESSAGES.server.notEnrolled);
}

export async function enrolmentStatus(ctx: AppContext, user: UserRow, id: string): Promise<{ isEnrolled: boolean }> {
  const membership = await membershipOf(ctx.db, id, user);
  if (!membership) throw classNotFound();
  return { isEnrolled: membership.isEnrolled };
}

// ---------- live session ----------

/** Marks the live session started and tells the enrolled learners (one notification per class, renewed each time). */
export async function startLive(ctx: AppContext, user: UserRow, id: string): Promise<{ url: string }> {
  const cls = await classOwnership(ctx.db, id);
  if (!cls) throw classNotFound();
  if (!canStartLive(user, cls)) throw forbidden(MESSAGES.server.classMentorOnly);
  if (!hasLiveSessions(cls)) throw conflict(MESSAGES.server.notLiveClass);
  const raised = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(classes)
      .set({ liveStartedAt: new Date() })
      .where(eq(classes.id, id))
      .returning({ id: classes.id, title: classes.title });
    if (!row) throw classNotFound();
    return notifyLiveStarted(tx, user, row);
  });
  ctx.readCache.changed('classes');
  await publishNotifications(ctx, raised);
  return { url: liveUrl(ctx, cls.liveRoom) };
}

/**
 * Gives the class a new room: whoever kept the old URL (a learner who left, a removed member, a link
 * passed on) can no longer reach the class through it, and start and join hand out only the new one.
 */
export async function rotateLiveRoom(ctx: AppContext, user: UserRow, id: string): Promise<LiveRoomResponse> {
  const cls = await classOwnership(ctx.db, id);
  if (!cls) throw classNotFound();
  if (!canRotateLiveRoom(user, cls)) throw forbidden(MESSAGES.server.classMentorOnly);
  const [row] = await ctx.db
    .update(classes)
    .set({ liveRoom: newLiveRoom() })
    .where(eq(classes.id, id))
    .returning({ liveRoom: classes.liveRoom });
  if (!row) throw classNotFound();
  // The membership read cache holds class rows, room included.
  ctx.readCache.changed('classes');
  return { url: liveUrl(ctx, row.liveRoom) };
}

/** The room, and whether its session is on now (liveJoin: a scheduled one running, or one its mentor started). */
export async function joinLive(ctx: AppContext, user: UserRow, id: string): Promise<LiveResponse> {
  const membership = await membershipOf(ctx.db, id, user);
  if (!membership) throw classNotFound();
  if (!canSeeClassRoom(membership)) throw forbidden(MESSAGES.server.liveMembersOnly);
  const { cls } = membership;
  const now = Date.now();
  const sessions = (await sessionsAhead(ctx.db, cls.id)).map(presentClassSession);
  const join = liveJoin(
    { contentType: cls.contentType, startedOn: startedSessionOn(cls.liveStartedAt, now) },
    sessions,
    now,
  );
  return { url: liveUrl(ctx, cls.liveRoom), live: join.state === 'on' };
}
