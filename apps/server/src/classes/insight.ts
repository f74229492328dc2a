import { type ClassInsight, INSIGHT_WEEKS, MESSAGES } from '@mentora/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context.js';
import { classes, discussionReplies, discussions, enrolments, reviews, type UserRow } from '../db/schema.js';
import { forbidden, notFound } from '../http/errors.js';
import { notHiddenSql } from '../moderation/visibility.js';
import { canSeeInsight } from './policy.js';

// A class's insight (issue #25): enrolments, discussions and replies per week, the star counts and the
// sentiment of its discussion text, for its mentor and admins (policy.ts canSeeInsight). Community posts
// belong to no class, so they cannot be counted for one. Counts only, never text: hidden discussions and
// replies are still left out (moderation/visibility.ts notHiddenSql), so what moderation took down does
// not colour the figures. Reviews all count, hidden or not, as they do in the class's average rating.

const DAY = 86_400_000;

/** The Monday (UTC) of the week `at` falls in, as YYYY-MM-DD. */
const mondayOf = (at: Date) => {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY);
};
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** date_trunc('week') starts weeks on Monday, as ISO 8601 does; read in UTC so the server's zone does not matter. */
const weekOf = (column: AnyPgColumn) =>
  sql<string>`to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;

/** Counts by week, from rows grouped by weekOf. */
const byWeek = (rows: { week: string; count: number }[]) => new Map(rows.map((r) => [r.week, Number(r.count)]));

export async function classInsight(
  ctx: AppContext,
  user: UserRow,
  id: string,
  now = new Date(),
): Promise<ClassInsight> {
  const [cls] = await ctx.db.select({ mentorId: classes.mentorId }).from(classes).where(eq(classes.id, id)).limit(1);
  if (!cls) throw notFound(MESSAGES.classDetail.notFound);
  if (!canSeeInsight(user, cls)) throw forbidden(MESSAGES.server.insightMentorOrAdminOnly);

  const thisWeek = mondayOf(now);
  const from = new Date(thisWeek.getTime() - (INSIGHT_WEEKS - 1) * 7 * DAY);
  const count = sql<number>`count(*)::int`;
  const shownDiscussion = and(eq(discussions.classId, id), notHiddenSql(discussions.hidden));

  const [enrolled, started, replied, stars, discussionMood, replyMood] = await Promise.all([
    ctx.db
      .select({ week: weekOf(enrolments.createdAt), count })
      .from(enrolments)
      .where(and(eq(enrolments.classId, id), gte(enrolments.createdAt, from)))
      .groupBy(weekOf(enrolments.createdAt)),
    ctx.db
      .select({ week: weekOf(discussions.createdAt), count })
      .from(discussions)
      .where(and(shownDiscussion, gte(discussions.createdAt, from)))
      .groupBy(weekOf(discussions.createdAt)),
    ctx.db
      .select({ week: weekOf(discussionReplies.createdAt), count })
      .from(discussionReplies)
      .innerJoin(discussions, eq(discussions.id, discussionReplies.discussionId))
      .where(and(shownDiscussion, notHiddenSql(discussionReplies.hidden), gte(discussionReplies.createdAt, from)))
      .groupBy(weekOf(discussionReplies.createdAt)),
    ctx.db
      .select({ stars: reviews.rating, count })
      .from(reviews)
      .where(eq(reviews.classId, id))
      .groupBy(reviews.rating),
    ctx.db
      .select({ label: discussions.sentimentLabel, count })
      .from(discussions)
      .where(shownDiscussion)
      .groupBy(discussions.sentimentLabel),
    ctx.db
      .select({ label: discussionReplies.sentimentLabel, count })
      .from(discussionReplies)
      .innerJoin(discussions, eq(discussions.id, discussionReplies.discussionId))
      .where(and(shownDiscussion, notHiddenSql(discussionReplies.hidden)))
      .groupBy(discussionReplies.sentimentLabel),
  ]);

  const [enrolledBy, startedBy, repliedBy] = [byWeek(enrolled), byWeek(started), byWeek(replied)];
  const weeks = Array.from({ length: INSIGHT_WEEKS }, (_, i) => {
    const week = isoDay(new Date(from.getTime() + i * 7 * DAY));
    return {
      week,
      enrolments: enrolledBy.get(week) ?? 0,
      discussions: startedBy.get(week) ?? 0,
      replies: repliedBy.get(week) ?? 0,
    };
  });
  const ratings = [1, 2, 3, 4, 5].map((n) => ({
    stars: n,
    count: Number(stars.find((s) => Number(s.stars) === n)?.count ?? 0),
  }));
  const mood = (label: string) =>
    [...discussionMood, ...replyMood].filter((m) => m.label === label).reduce((sum, m) => sum + Number(m.count), 0);
  return {
    weeks,
    ratings,
    sentiment: { positive: mood('POSITIVE'), negative: mood('NEGATIVE'), neutral: mood('NEUTRAL') },
  };
}
