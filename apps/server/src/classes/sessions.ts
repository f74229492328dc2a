import {
  type ClassSession,
  type ClassSessionsResponse,
  type classSessionRequestSchema,
  hasLiveSessions,
  MESSAGES,
  sessionCalendarFileName,
} from '@mentora/contract';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import ical, { type ICalCalendar } from 'ical-generator';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import { type ClassSessionRow, classes, classSessions, type NotificationDetail, type UserRow } from '../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { notifySessionChange, withdrawSessionNotices } from '../notifications/raise.js';
import { publishNotifications, publishUnreadCounts } from '../notifications/service.js';
import { membershipOf } from './membership.js';
import { canScheduleSessions, canSeeSessions } from './policy.js';
import { presentClassSession } from './presenter.js';
import { keepReminder } from './reminders.js';

// A class's scheduled sessions (issue #25): its mentor schedules, moves and cancels them; its members
// (enrolled, the mentor, admins) read them, and may take one into their calendar as an .ics file.
// Enrolled learners are told of each change, in the transaction of the change.

type SessionInput = z.output<typeof classSessionRequestSchema>;

/** What changed, for whatever must follow a session (sessionChanged). */
export type SessionChange =
  | { kind: 'scheduled'; session: ClassSessionRow }
  | { kind: 'moved'; session: ClassSessionRow }
  | { kind: 'retitled'; session: ClassSessionRow }
  | { kind: 'cancelled'; session: ClassSessionRow };

/**
 * What must follow any change of a session, inside the transaction of the change: its reminder job
 * (classes/reminders.ts) exists exactly when the change does, moves with it and goes when it is cancelled.
 */
export async function sessionChanged(ctx: AppContext, db: Queryable, change: SessionChange): Promise<void> {
  if (change.kind === 'retitled') return;
  await keepReminder(db, ctx.config.sessionReminderMs, change.session);
}

const classNotFound = () => notFound(MESSAGES.classDetail.notFound);
const sessionNotFound = () => notFound(MESSAGES.server.sessionNotFound);

/** The class, if the caller may write its sessions (404 when it does not exist, 403 when not its mentor). */
async function scheduledClass(ctx: AppContext, user: UserRow, classId: string) {
  const [cls] = await ctx.db
    .select({ id: classes.id, mentorId: classes.mentorId, title: classes.title, contentType: classes.contentType })
    .from(classes)
    .where(eq(classes.id, classId))
    .limit(1);
  if (!cls) throw classNotFound();
  if (!canScheduleSessions(user, cls)) throw forbidden(MESSAGES.server.sessionMentorOnly);
  return cls;
}

/** The class, if the caller may read its sessions (enrolled, its mentor, or an admin). */
async function readableClass(ctx: AppContext, user: UserRow, classId: string) {
  const membership = await membershipOf(ctx.db, classId, user);
  if (!membership) throw classNotFound();
  if (!canSeeSessions(membership)) throw forbidden(MESSAGES.server.sessionMembersOnly);
  return membership.cls;
}

/** A start must be in the future, when scheduled and whenever it is changed. */
function startOf(input: SessionInput, now: number): Date {
  const startsAt = new Date(input.startsAt);
  if (!(startsAt.getTime() > now)) throw badRequest(MESSAGES.server.sessionStartInPast);
  return startsAt;
}

/** A session of this class that is not cancelled; a cancelled one is gone to everyone (404). */
async function liveSession(db: Queryable, classId: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(classSessions)
    .where(and(eq(classSessions.id, sessionId), eq(classSessions.classId, classId), isNull(classSessions.cancelledAt)))
    .limit(1);
  if (!row) throw sessionNotFound();
  return row;
}

/** The upcoming sessions: not cancelled and not yet ended (one under way is still listed), soonest first. */
export async function listSessions(ctx: AppContext, user: UserRow, classId: string): Promise<ClassSessionsResponse> {
  await readableClass(ctx, user, classId);
  return { sessions: (await sessionsAhead(ctx.db, classId)).map(presentClassSession) };
}

/** A class's sessions that are not cancelled and have not ended, soonest first. */
export async function sessionsAhead(db: Queryable, classId: string): Promise<ClassSessionRow[]> {
  return db
    .select()
    .from(classSessions)
    .where(
      and(
        eq(classSessions.classId, classId),
        isNull(classSessions.cancelledAt),
        gt(sql`${classSessions.startsAt} + ${classSessions.durationMinutes} * interval '1 minute'`, sql`now()`),
      ),
    )
    .orderBy(asc(classSessions.startsAt), asc(classSessions.id));
}

export async function scheduleSession(
  ctx: AppContext,
  user: UserRow,
  classId: string,
  input: SessionInput,
): Promise<ClassSession> {
  const cls = await scheduledClass(ctx, user, classId);
  // Changing or cancelling one stays possible: a class that was live may keep sessions to tidy up.
  if (!hasLiveSessions(cls)) throw conflict(MESSAGES.server.notLiveClass);
  const startsAt = startOf(input, Date.now());
  const { session, raised } = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(classSessions)
      .values({ classId, title: input.title, startsAt, durationMinutes: input.durationMinutes })
      .returning();
    if (!created) throw new Error('insert returned no row');
    await sessionChanged(ctx, tx, { kind: 'scheduled', session: created });
    return { session: created, raised: await notifySessionChange(tx, user, 'session_scheduled', cls, created) };
  });
  await publishNotifications(ctx, raised);
  return presentClassSession(session);
}

/**
 * What a session's change tells its learners, or nothing when none of it is news to them: a new start
 * (with the new length if that changed too), else a new length, else a new title.
 */
export function sessionChangeDetail(
  before: Pick<ClassSessionRow, 'title' | 'startsAt' | 'durationMinutes'>,
  after: Pick<ClassSessionRow, 'title' | 'startsAt' | 'durationMinutes'>,
): NotificationDetail | null {
  const lengthChanged = before.durationMinutes !== after.durationMinutes;
  if (before.startsAt.getTime() !== after.startsAt.getTime()) {
    return {
      startsAt: after.startsAt.toISOString(),
      ...(lengthChanged ? { durationMinutes: after.durationMinutes } : {}),
    };
  }
  if (lengthChanged) return { durationMinutes: after.durationMinutes };
  if (before.title !== after.title) return { previousTitle: before.title };
  return null;
}

/** Changes a session; its learners are told what changed, if anything did (sessionChangeDetail). */
export async function updateSession(
  ctx: AppContext,
  user: UserRow,
  classId: string,
  sessionId: string,
  input: SessionInput,
): Promise<ClassSession> {
  const cls = await scheduledClass(ctx, user, classId);
  const startsAt = startOf(input, Date.now());
  const { session, raised } = await ctx.db.transaction(async (tx) => {
    const before = await liveSession(tx, classId, sessionId);
    const moved = before.startsAt.getTime() !== startsAt.getTime() || before.durationMinutes !== input.durationMinutes;
    const [updated] = await tx
      .update(classSessions)
      .set({
        title: input.title,
        startsAt,
        durationMinutes: input.durationMinutes,
        sequence: sql`${classSessions.sequence} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(classSessions.id, before.id))
      .returning();
    if (!updated) throw sessionNotFound();
    await sessionChanged(ctx, tx, { kind: moved ? 'moved' : 'retitled', session: updated });
    const detail = sessionChangeDetail(before, updated);
    return {
      session: updated,
      raised: detail ? await notifySessionChange(tx, user, 'session_moved', cls, updated, detail) : [],
    };
  });
  await publishNotifications(ctx, raised);
  return presentClassSession(session);
}

/**
 * Cancels a session: it leaves every list and calendar file (404), its earlier notices are withdrawn, and
 * enrolled learners are told.
 */
export async function cancelSession(ctx: AppContext, user: UserRow, classId: string, sessionId: string) {
  const cls = await scheduledClass(ctx, user, classId);
  const { raised, withdrawnFrom } = await ctx.db.transaction(async (tx) => {
    const before = await liveSession(tx, classId, sessionId);
    const [cancelled] = await tx
      .update(classSessions)
      .set({ cancelledAt: sql`now()`, sequence: sql`${classSessions.sequence} + 1`, updatedAt: sql`now()` })
      .where(and(eq(classSessions.id, before.id), isNull(classSessions.cancelledAt)))
      .returning();
    if (!cancelled) throw sessionNotFound();
    await sessionChanged(ctx, tx, { kind: 'cancelled', session: cancelled });
    const withdrawnFrom = await withdrawSessionNotices(tx, cancelled.id);
    return { raised: await notifySessionChange(tx, user, 'session_cancelled', cls, cancelled), withdrawnFrom };
  });
  // The counts first: the new notice's event carries the count that includes it.
  await publishUnreadCounts(ctx, withdrawnFrom);
  await publishNotifications(ctx, raised);
}

/** The UID a calendar keeps the session under: the same for every download and every change. */
export const sessionUid = (sessionId: string) => `session-${sessionId}@mentora`;

/**
 * A session as a VEVENT of a calendar: a stable UID, start and end in UTC, and a SEQUENCE that grows with
 * each change so a calendar importing it again replaces the old event. The one shape of the session's
 * file and of the calendar feed (calendar/feed.ts).
 */
export function addSessionEvent(
  calendar: ICalCalendar,
  publicUrl: string,
  session: ClassSessionRow,
  cls: { id: string; title: string },
): void {
  const url = `${publicUrl}/classes/${cls.id}`;
  calendar.createEvent({
    id: sessionUid(session.id),
    sequence: session.sequence,
    stamp: session.updatedAt,
    start: session.startsAt,
    end: new Date(session.startsAt.getTime() + session.durationMinutes * 60_000),
    summary: session.title ? `${session.title} (${cls.title})` : cls.title,
    description: url,
    url,
  });
}

/** The calendar's own line: who made it (PRODID). */
export const CALENDAR_PRODUCT = { company: 'Mentora', product: 'Mentora', language: 'EN' };

/** One session as an iCalendar file (RFC 5545). */
export async function sessionCalendar(ctx: AppContext, user: UserRow, classId: string, sessionId: string) {
  const cls = await readableClass(ctx, user, classId);
  const session = await liveSession(ctx.db, classId, sessionId);
  const calendar = ical({ prodId: CALENDAR_PRODUCT, name: cls.title });
  addSessionEvent(calendar, ctx.config.publicUrl, session, cls);
  // Named for the class and the day (in UTC: the server knows no reader's zone; the web app names its own).
  const day = session.startsAt.toISOString().slice(0, 10);
  return { body: calendar.toString(), filename: sessionCalendarFileName(cls.title, day) };
}
