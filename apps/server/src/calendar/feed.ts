import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@mentora/contract';
import { and, asc, eq, exists, gt, isNull, or, sql } from 'drizzle-orm';
import ical from 'ical-generator';
import { isClassMentorSql } from '../classes/policy.js';
import { addSessionEvent, CALENDAR_PRODUCT } from '../classes/sessions.js';
import type { AppContext } from '../context.js';
import { calendarFeeds, classes, classSessions, enrolments, type UserRow, users } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { isSuspended } from '../sanctions/policy.js';
import { restrictionsOf } from '../sanctions/queries.js';

// Each user's private calendar feed (issue #25): one URL that Google Calendar, Outlook and Apple Calendar
// subscribe to, listing the sessions of the user's classes. The URL is all a calendar app can carry, so
// the token in it is the only credential: 256 random bits, replaced on request (the old URL then 404s).

/** Sessions that ended longer ago than this leave the feed; a calendar keeps what it already has. */
const PAST_DAYS = 30;
/** A feed lists at most this many sessions, the soonest first. */
const FEED_MAX = 1000;
/** How often a subscribed calendar should fetch it again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 3600;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const newToken = () => randomBytes(32).toString('base64url');
const feedUrl = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/api/calendar/${token}.ics`;

/** The caller's feed URL, made on first ask. */
export async function feedOf(ctx: AppContext, user: UserRow): Promise<{ url: string }> {
  await ctx.db.insert(calendarFeeds).values({ userId: user.id, token: newToken() }).onConflictDoNothing();
  const [feed] = await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
  if (!feed) throw new Error('the calendar feed was not stored');
  return { url: feedUrl(ctx, feed.token) };
}

/** A new feed URL for the caller; whoever held the old one gets nothing more. */
export async function resetFeed(ctx: AppContext, user: UserRow): Promise<{ url: string }> {
  const token = newToken();
  await ctx.db
    .insert(calendarFeeds)
    .values({ userId: user.id, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: sql`now()` } });
  return { url: feedUrl(ctx, token) };
}

/**
 * The feed of a token: the sessions, not cancelled, of the classes its owner is enrolled in or mentors
 * (the same members who read a class's sessions, admins apart: they see every class, which is no one's
 * calendar), from PAST_DAYS ago on. An unknown token is a 404, like any other missing thing, and so is
 * the feed of a suspended account.
 */
export async function feedCalendar(ctx: AppContext, token: string): Promise<string> {
  if (!TOKEN_PATTERN.test(token)) throw notFound(MESSAGES.server.calendarFeedNotFound);
  const [owner] = await ctx.db
    .select({ id: users.id, role: users.role })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.token, token));
  // A suspended account has no access of any kind, its feed included, until the suspension ends.
  if (!owner || isSuspended(await restrictionsOf(ctx.db, owner.id))) {
    throw notFound(MESSAGES.server.calendarFeedNotFound);
  }
  const rows = await ctx.db
    .select({ session: classSessions, cls: { id: classes.id, title: classes.title } })
    .from(classSessions)
    .innerJoin(classes, eq(classes.id, classSessions.classId))
    .where(
      and(
        isNull(classSessions.cancelledAt),
        gt(classSessions.startsAt, sql`now() - ${`${PAST_DAYS} days`}::interval`),
        or(
          exists(
            ctx.db
              .select({ one: sql`1` })
              .from(enrolments)
              .where(and(eq(enrolments.classId, classes.id), eq(enrolments.userId, owner.id))),
          ),
          isClassMentorSql({ mentorId: sql`${classes.mentorId}` }, { id: sql`${owner.id}`, role: sql`${owner.role}` }),
        ),
      ),
    )
    .orderBy(asc(classSessions.startsAt), asc(classSessions.id))
    .limit(FEED_MAX);
  const calendar = ical({ prodId: CALENDAR_PRODUCT, name: 'Mentora sessions', ttl: REFRESH_SECONDS });
  for (const { session, cls } of rows) addSessionEvent(calendar, ctx.config.publicUrl, session, cls);
  return calendar.toString();
}
