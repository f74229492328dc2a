import type { Role } from '@mentora/contract';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isClassMentorSql } from '../classes/policy.js';
import type { Queryable } from '../db/client.js';
import {
  classes,
  classSessions,
  communityPosts,
  discussionReplies,
  discussions,
  enrolments,
  reviews,
  type UserRow,
  users,
} from '../db/schema.js';
import { matchesFullText } from '../db/search.js';
import { notHiddenSql } from '../moderation/visibility.js';
import type { AssistantContext, ClassBrief, DiscussionBrief, PostBrief, SessionBrief } from './provider.js';

// The context of one question, built the same way for Gemini and for the offline assistant. Privacy
// is decided here, once: no query below reads an email column, discussions come only from classes the
// asker is enrolled in or mentors (whatever their role), and any email address written inside the
// text we pass on is masked.

const OWN_CLASSES_LIMIT = 20;
const MATCH_LIMIT = 5;
const MAX_TERMS = 12;
const EXCERPT_CHARS = 240;
/** Enough for a fortnight of a busy learner's classes; "what's on this week" reads only the first week. */
const SESSIONS_LIMIT = 20;

export const classLink = (id: string) => `/classes/${id}`;
export const discussionLink = (id: string) => `/discussions/${id}`;
/** Posts have no page of their own: the feed, with an anchor the UI can scroll to. */
export const postLink = (id: string) => `/community#post-${id}`;

/**
 * Words of a chat message that say what it is about. Question words, stop words and words every
 * question to this assistant uses ("class", "learn", "recommend") would match everything, or nothing
 * once ANDed, so they are dropped and the rest are ORed: ts_rank then prefers rows matching more of them.
 */
const NOISE = new Set(
  (
    'a an and any anything are about after also am as at be been best but by can could did do does done ' +
    'each else ever find for from get give good got had has have help her here him his how i if in into is it ' +
    'its just know latest let like list look looking many may me mentora more most much my need new next no ' +
    'not now of on one or other our out please recent recommend recommended should show so some something ' +
    'suggest take tell than thank thanks that the their them then there these they thing things this those ' +
    'to too up us use want was way we well were what whats when where which who why will with would you your ' +
    'class classes course courses lesson lessons learn learning teach teaches teaching taught study studying ' +
    'discussion discussions post posts topic topics platform site mention mentions mentioned say says said ' +
    'talk talks talking anyone someone anybody somebody'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]+/gu;

export function searchTerms(message: string): string[] {
  const words = message.toLowerCase().match(WORD) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    if (word.length < 2 || NOISE.has(word) || terms.includes(word)) continue;
    terms.push(word);
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}

/**
 * A run of the characters an email address is written with. One character class: each character is
 * read once, so the time is linear in the text (an address pattern such as local@domain.tld, tried
 * from every position of a long run of letters, takes quadratic time).
 */
const ADDRESS_RUN = /[\p{L}\p{N}._%+@-]+/gu;

/** Whether a run (ADDRESS_RUN) is, or holds, an address: text, @, then a domain with a dot inside. */
function isAddress(run: string): boolean {
  const at = run.indexOf('@');
  if (at <= 0) return false;
  const dot = run.indexOf('.', at + 2);
  return dot !== -1 && dot < run.length - 1 && run[dot + 1] !== '.';
}

/** Text written by people, safe to pass on: email addresses masked (with what is written around them). */
export function redactEmails(text: string): string {
  return text.replace(ADDRESS_RUN, (run) => (isAddress(run) ? '[email hidden]' : run));
}

/** How much of a text an excerpt reads: enough past EXCERPT_CHARS for masking and cutting at a word. */
const EXCERPT_WINDOW = 4 * EXCERPT_CHARS;

const SPACE = /\s/;
const WHITESPACE_RUN = /\s+/g;

/** Where the last whitespace of a text is; its length when it has none. */
function lastSpace(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) if (SPACE.test(text[i] as string)) return i;
  return text.length;
}

export function excerpt(text: string, chars = EXCERPT_CHARS): string {
  // Cut first: nothing past the window is read by a pattern, however long the text. The window ends
  // at a space, so no address is cut in two (its first half would not be masked).
  let window = text.slice(0, Math.max(EXCERPT_WINDOW, 2 * chars));
  if (window.length < text.length) window = window.slice(0, lastSpace(window));
  const flat = redactEmails(window).replace(WHITESPACE_RUN, ' ').trim();
  if (flat.length <= chars) return flat;
  const cut = flat.slice(0, chars);
  const space = cut.lastIndexOf(' ');
  return `${(space > chars / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const rank = (column: AnyPgColumn, query: string) =>
  sql`ts_rank(${column}, websearch_to_tsquery('english', ${query}::text))`;

// ---------- classes ----------

const classBriefColumns = {
  id: classes.id,
  title: classes.title,
  category: classes.category,
  status: classes.status,
  description: classes.description,
  mentorName: users.name,
  studentCount: sql<number>`(select count(*)::int from ${enrolments} where ${enrolments.classId} = ${classes.id})`,
  rating: sql<
    number | null
  >`(select avg(${reviews.rating})::float8 from ${reviews} where ${reviews.classId} = ${classes.id})`,
  reviewCount: sql<number>`(select count(*)::int from ${reviews} where ${reviews.classId} = ${classes.id})`,
};

type ClassBriefRow = Omit<ClassBrief, 'excerpt' | 'link'> & { description: string };

export function toClassBrief(row: ClassBriefRow): ClassBrief {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    status: row.status,
    mentorName: row.mentorName,
    rating: row.rating,
    reviewCount: row.reviewCount,
    studentCount: row.studentCount,
    excerpt: excerpt(row.description),
    link: classLink(row.id),
  };
}

/** Classes with the fields the assistant mentions, mentor joined; the caller adds where, order and limit. */
export function selectClassBriefs(db: Queryable) {
  return db.select(classBriefColumns).from(classes).innerJoin(users, eq(users.id, classes.mentorId)).$dynamic();
}

export const enrolledIn = (userId: string) =>
  sql`exists (select 1 from ${enrolments} where ${enrolments.classId} = ${classes.id} and ${enrolments.userId} = ${userId}::uuid)`;

/** The classes whose discussions the asker may see: enrolled in or mentoring (admins included: no more). */
export const memberOfClass = (asker: { id: string; role: Role }) =>
  or(
    isClassMentorSql(
      { mentorId: sql`${classes.mentorId}` },
      { id: sql`${asker.id}::uuid`, role: sql`${asker.role}::text` },
    ),
    enrolledIn(asker.id),
  );

async function enrolledClasses(db: Queryable, userId: string): Promise<ClassBrief[]> {
  const rows = await selectClassBriefs(db)
    .where(enrolledIn(userId))
    .orderBy(desc(classes.createdAt), desc(classes.id))
    .limit(OWN_CLASSES_LIMIT);
  return rows.map(toClassBrief);
}

async function createdClasses(db: Queryable, userId: string): Promise<ClassBrief[]> {
  const rows = await selectClassBriefs(db)
    .where(eq(classes.mentorId, userId))
    .orderBy(desc(classes.createdAt), desc(classes.id))
    .limit(OWN_CLASSES_LIMIT);
  return rows.map(toClassBrief);
}

async function matchingClasses(db: Queryable, query: string): Promise<ClassBrief[]> {
  const rows = await selectClassBriefs(db)
    .where(matchesFullText(classes.search, query))
    .orderBy(desc(rank(classes.search, query)), desc(classes.createdAt))
    .limit(MATCH_LIMIT);
  return rows.map(toClassBrief);
}

// ---------- discussions and posts ----------

async function matchingDiscussions(db: Queryable, asker: UserRow, query: string): Promise<DiscussionBrief[]> {
  const rows = await db
    .select({
      id: discussions.id,
      title: discussions.title,
      content: discussions.content,
      classId: classes.id,
      classTitle: classes.title,
      authorName: users.name,
      createdAt: discussions.createdAt,
      replyCount: sql<number>`(select count(*)::int from ${discussionReplies} where ${discussionReplies.discussionId} = ${discussions.id})`,
    })
    .from(discussions)
    .innerJoin(classes, eq(classes.id, discussions.classId))
    .innerJoin(users, eq(users.id, discussions.authorId))
    .where(
      and(
        memberOfClass(asker),
        eq(discussions.flagged, false),
        // Hidden pending review: never passed on, whoever asks (moderation/visibility.ts).
        notHiddenSql(discussions.hidden),
        matchesFullText(discussions.search, query),
      ),
    )
    .orderBy(desc(rank(discussions.search, query)), desc(discussions.createdAt))
    .limit(MATCH_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    classId: row.classId,
    classTitle: row.classTitle,
    authorName: row.authorName,
    replyCount: row.replyCount,
    excerpt: excerpt(row.content),
    createdAt: row.createdAt,
    link: discussionLink(row.id),
  }));
}

async function matchingPosts(db: Queryable, query: string): Promise<PostBrief[]> {
  const rows = await db
    .select({
      id: communityPosts.id,
      title: communityPosts.title,
      content: communityPosts.content,
      category: communityPosts.category,
      authorName: users.name,
    })
    .from(communityPosts)
    .innerJoin(users, eq(users.id, communityPosts.authorId))
    .where(
      and(
        eq(communityPosts.flagged, false),
        notHiddenSql(communityPosts.hidden),
        matchesFullText(communityPosts.search, query),
      ),
    )
    .orderBy(desc(rank(communityPosts.search, query)), desc(communityPosts.createdAt))
    .limit(MATCH_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    category: row.category,
    authorName: row.authorName,
    excerpt: excerpt(row.content),
    link: postLink(row.id),
  }));
}

// ---------- sessions ----------

/** The sessions of the asker's classes not yet ended (one under way included), soonest first. */
async function upcomingSessions(db: Queryable, asker: UserRow, now: Date): Promise<SessionBrief[]> {
  const rows = await db
    .select({
      id: classSessions.id,
      title: classSessions.title,
      classId: classes.id,
      classTitle: classes.title,
      startsAt: classSessions.startsAt,
      durationMinutes: classSessions.durationMinutes,
    })
    .from(classSessions)
    .innerJoin(classes, eq(classes.id, classSessions.classId))
    .where(
      and(
        memberOfClass(asker),
        isNull(classSessions.cancelledAt),
        sql`${classSessions.startsAt} + ${classSessions.durationMinutes} * interval '1 minute' > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(classSessions.startsAt), asc(classSessions.id))
    .limit(SESSIONS_LIMIT);
  return rows.map((row) => ({ ...row, link: classLink(row.classId) }));
}

/** When and where the question is asked: the asker's time zone (UTC unless they say) and the time. */
export interface AskedAt {
  now: Date;
  timeZone: string;
}

/** Who is asking, their classes and sessions, and the best full-text matches for the message. */
export async function buildContext(
  db: Queryable,
  asker: UserRow,
  message: string,
  { now, timeZone }: AskedAt = { now: new Date(), timeZone: 'UTC' },
): Promise<AssistantContext> {
  const terms = searchTerms(message);
  const query = terms.join(' or ');
  const [enrolled, created, sessions, matchedClasses, matchedDiscussions, matchedPosts] = await Promise.all([
    enrolledClasses(db, asker.id),
    createdClasses(db, asker.id),
    upcomingSessions(db, asker, now),
    terms.length > 0 ? matchingClasses(db, query) : [],
    terms.length > 0 ? matchingDiscussions(db, asker, query) : [],
    terms.length > 0 ? matchingPosts(db, query) : [],
  ]);
  return {
    asker: { id: asker.id, name: asker.name, role: asker.role },
    enrolled,
    created,
    sessions,
    now,
    timeZone,
    terms,
    matches: { classes: matchedClasses, discussions: matchedDiscussions, posts: matchedPosts },
  };
}

/** Every pattern this module runs on user text, for the ReDoS sweep (regexSafety.test.ts). */
export const CONTEXT_PATTERNS: Readonly<Record<string, RegExp>> = { WORD, ADDRESS_RUN, SPACE, WHITESPACE_RUN };
