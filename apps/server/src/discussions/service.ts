import { type Discussion, type listDiscussionsQuerySchema, MESSAGES, type replyRequestSchema } from '@mentora/contract';
import { and, asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { recordAudit } from '../audit/service.js';
import { membershipOf, readMembershipOf } from '../classes/membership.js';
import { isClassMentorSql } from '../classes/policy.js';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import type { WatchedTable } from '../db/readCache.js';
import { classes, discussionReplies, discussions, enrolments, type UserRow, users } from '../db/schema.js';
import { SEARCHED } from '../db/search.js';
import { forbidden, notFound } from '../http/errors.js';
import { cursorValues, decodeCursor, newestFirstClauses, type Page, pageOf } from '../http/pagination.js';
import { maskedDiscussion, maskedList, searchableSql } from '../moderation/visibility.js';
import { withdrawNoticesOf } from '../notifications/raise.js';
import { publishUnreadCounts } from '../notifications/service.js';
import { isAdmin, isMentor } from '../users/policy.js';
import {
  canDeleteDiscussion,
  canListAllDiscussions,
  canReadDiscussions,
  deletesDiscussionAsModerator,
} from './policy.js';
import { type DiscussionHead, presentDiscussion, presentReply } from './presenter.js';
import { createReply } from './replyCreator.js';

type ListQuery = z.output<typeof listDiscussionsQuerySchema>;
type ReplyInput = z.output<typeof replyRequestSchema>;

/** A list's filters once the route has parsed them: classId is a well-formed id or absent. */
export interface DiscussionListOptions {
  classId?: string | undefined;
  search?: string | undefined;
  /** Only the caller's own discussions (posts) or those they replied to (replies). */
  mine?: ListQuery['mine'];
  limit: ListQuery['limit'];
  cursor?: string | undefined;
}

export const { search: _search, ...discussionFields } = getTableColumns(discussions);

const viewerId = sql.placeholder('viewerId');

/** A discussion's own fields with its class and author: selected from discussions joined as joinHead does. */
const headFields = {
  discussion: discussionFields,
  cls: { id: classes.id, title: classes.title, mentorId: classes.mentorId },
  author: { id: users.id, name: users.name, profilePicture: users.profilePicture },
};

/** Joins a select from discussions to its class and its author (for headFields). */
function joinHead<T extends PgSelect>(query: T) {
  return query
    .innerJoin(classes, eq(classes.id, discussions.classId))
    .innerJoin(users, eq(users.id, discussions.authorId));
}

/** Discussions with their class, author, reply count and whether the viewer (placeholder viewerId) replied: one query. */
function selectHeads(db: Queryable) {
  return joinHead(
    db
      .select({
        ...headFields,
        replyCount: sql<number>`(select count(*)::int from ${discussionReplies} where ${discussionReplies.discussionId} = ${discussions.id})`,
        repliedByMe: sql<boolean>`exists (select 1 from ${discussionReplies} where ${discussionReplies.discussionId} = ${discussions.id} and ${discussionReplies.authorId} = ${viewerId}::uuid)`,
      })
      .from(discussions)
      .$dynamic(),
  );
}

const headById = prepared('discussion_head', (db, name) =>
  selectHeads(db)
    .where(eq(discussions.id, sql.placeholder('id')))
    .limit(1)
    .prepare(name),
);

async function findHead(db: Queryable, id: string, viewer: string): Promise<DiscussionHead | undefined> {
  const [row] = await headById(db).execute({ id, viewerId: viewer });
  return row;
}

const replies = prepared('discussion_replies', (db, name) =>
  db
    .select({
      reply: discussionReplies,
      author: { id: users.id, name: users.name, profilePicture: users.profilePicture },
    })
    .from(discussionReplies)
    .innerJoin(users, eq(users.id, discussionReplies.authorId))
    .where(eq(discussionReplies.discussionId, sql.placeholder('discussionId')))
    .orderBy(asc(discussionReplies.createdAt), asc(discussionReplies.id))
    .prepare(name),
);

/** A discussion's replies, oldest first, with their authors. */
async function repliesOf(db: Queryable, discussionId: string) {
  const rows = await replies(db).execute({ discussionId });
  return rows.map(presentReply);
}

/** True when the user is enrolled in, or mentors, at least one class. */
async function hasAnyClass(db: Queryable, user: UserRow): Promise<boolean> {
  const userId = user.id;
  const [enrolled] = await db
    .select({ classId: enrolments.classId })
    .from(enrolments)
    .where(eq(enrolments.userId, userId))
    .limit(1);
  if (enrolled) return true;
  if (!isMentor(user)) return false;
  const [mentored] = await db.select({ id: classes.id }).from(classes).where(eq(classes.mentorId, userId)).limit(1);
  return mentored !== undefined;
}

/**
 * Which discussions a page may hold: those of the viewer's classes (enrolled or mentored), or any.
 * The viewer's classes first, then their discussions: PostgreSQL reads the few classes a person
 * belongs to and each one's newest discussions by index. Tested per discussion instead (mentor of its
 * class, or enrolled in it), it would walk every discussion on the platform, newest first, until a
 * page matched, which grows with the platform rather than with the viewer.
 */
type Scope = 'mine' | 'any';

/** The classes whose discussions a viewer reads (not being an admin): those they are enrolled in or mentor. */
export const classesOfViewerSql = (viewer: { id: SQL; role: SQL }): SQL => sql`
  select ${enrolments.classId} from ${enrolments} where ${enrolments.userId} = ${viewer.id}
  union all
  select ${classes.id} from ${classes} where ${isClassMentorSql({ mentorId: sql`${classes.mentorId}` }, viewer)}`;
type PageShape = `${Scope}${'' | '+class'}${'' | '+posts' | '+replies'}${'' | '+search'}${'' | '+cursor'}`;

const discussionPage = prepared<ReturnType<typeof buildDiscussionPage>, PageShape>(
  'discussions_page',
  buildDiscussionPage,
  { plan: 'custom' },
);

function buildDiscussionPage(db: Queryable, name: string, shape: string) {
  const page = newestFirstClauses(discussions, SEARCHED.discussions, shape);
  return selectHeads(db)
    .where(
      and(
        shape.startsWith('mine')
          ? sql`${discussions.classId} in (${classesOfViewerSql({
              id: sql`${viewerId}::uuid`,
              role: sql`${sql.placeholder('viewerRole')}::text`,
            })})`
          : undefined,
        shape.includes('+class') ? eq(discussions.classId, sql.placeholder('classId')) : undefined,
        // Hidden text matches no one's search but its author's and admins' (moderation/visibility.ts).
        shape.includes('+search')
          ? searchableSql(discussions, {
              id: sql`${viewerId}::uuid`,
              role: sql`${sql.placeholder('viewerRole')}::text`,
            })
          : undefined,
        // My posts: the (author_id, created_at) index. My replies: one probe of the (discussion_id,
        // author_id) index of migration 0007 per discussion, as repliedByMe does.
        shape.includes('+posts') ? sql`${discussions.authorId} = ${viewerId}::uuid` : undefined,
        shape.includes('+replies')
          ? sql`exists (select 1 from ${discussionReplies} where ${discussionReplies.discussionId} = ${discussions.id} and ${discussionReplies.authorId} = ${viewerId}::uuid)`
          : undefined,
        ...page.conditions,
      ),
    )
    .orderBy(...page.order)
    .limit(sql.placeholder('limit'))
    .prepare(name);
}

/** One page, newest first. List items carry replyCount and repliedByMe but no reply bodies. */
async function pageOfDiscussions(
  db: Queryable,
  viewer: UserRow,
  scope: Scope,
  options: DiscussionListOptions,
): Promise<Page<Discussion>> {
  const cursor = decodeCursor(options.cursor);
  const search = options.search?.trim();
  const shape =
    `${scope}${options.classId ? '+class' : ''}${options.mine ? `+${options.mine}` : ''}${search ? '+search' : ''}${cursor ? '+cursor' : ''}` as PageShape;
  const rows = await discussionPage(db, shape).execute({
    viewerId: viewer.id,
    viewerRole: viewer.role,
    classId: options.classId,
    search,
    limit: options.limit + 1,
    ...cursorValues(cursor),
  });
  const page = pageOf(rows, options.limit, (row) => row.discussion);
  return { items: page.items.map((row) => presentDiscussion(row)), nextCursor: page.nextCursor };
}

/** What a page of discussions or one discussion shows is read from these tables (db/readCache.ts). */
const DISCUSSION_TABLES: readonly WatchedTable[] = [
  'discussions',
  'discussion_replies',
  'classes',
  'enrolments',
  'users',
];

// ---------- calls ----------

/**
 * The discussions of the caller's classes (enrolled or mentored; admins: all), or of one class they
 * belong to. 403 when they belong to no class at all, or not to the class asked for.
 */
export async function listDiscussions(
  ctx: AppContext,
  user: UserRow,
  options: DiscussionListOptions,
): Promise<Page<Discussion>> {
  let scope: Scope = 'any';
  if (options.classId) {
    const m = await readMembershipOf(ctx, options.classId, user);
    if (!m) throw notFound(MESSAGES.classDetail.notFound);
    if (!canReadDiscussions(m)) throw forbidden(MESSAGES.server.notClassMember);
  } else if (!isAdmin(user)) {
    scope = 'mine';
  }
  // Each viewer's own: which of them they replied to, and (scope "mine") their classes.
  const key = JSON.stringify([
    'discussions',
    scope,
    user.id,
    options.classId,
    options.mine,
    options.search?.trim(),
    options.cursor,
    options.limit,
  ]);
  const page = await ctx.readCache.read(
    key,
    DISCUSSION_TABLES,
    () => pageOfDiscussions(ctx.db, user, scope, options),
    // The route answers the discussions; the cursor goes in a header.
    (found) => found.items,
  );
  // Only an empty answer can come from having no class at all: check then, not on every call.
  if (page.items.length === 0 && !options.classId && !isAdmin(user) && !(await hasAnyClass(ctx.db, user))) {
    throw forbidden(MESSAGES.discussions.notEnrolledAny);
  }
  return { items: maskedList(page.items, (d) => maskedDiscussion(user, d)), nextCursor: page.nextCursor };
}

/** Every discussion on the platform, for the admin dashboard. */
export async function listAllDiscussions(
  ctx: AppContext,
  user: UserRow,
  options: DiscussionListOptions,
): Promise<Page<Discussion>> {
  if (!canListAllDiscussions(user)) throw forbidden();
  if (options.classId && !(await membershipOf(ctx.db, options.classId, user))) {
    throw notFound(MESSAGES.classDetail.notFound);
  }
  const page = await pageOfDiscussions(ctx.db, user, 'any', options);
  return { items: maskedList(page.items, (d) => maskedDiscussion(user, d)), nextCursor: page.nextCursor };
}

export async function getDiscussion(ctx: AppContext, user: UserRow, id: string): Promise<Discussion> {
  // The viewer's own (whether they replied), kept as a whole; who may read it is checked each time.
  const discussion = await ctx.readCache.read(
    JSON.stringify(['discussion', id, user.id]),
    DISCUSSION_TABLES,
    async () => {
      const head = await findHead(ctx.db, id, user.id);
      return head && presentDiscussion(head, await repliesOf(ctx.db, id));
    },
  );
  if (!discussion) throw notFound(MESSAGES.discussionDetail.notFound);
  const m = await readMembershipOf(ctx, discussion.classId._id, user);
  if (!m || !canReadDiscussions(m)) throw forbidden(MESSAGES.server.notClassMember);
  return maskedDiscussion(user, discussion);
}

/** Adds a reply and answers the whole updated discussion (replyCreator.ts). */
export async function addReply(ctx: AppContext, user: UserRow, id: string, input: ReplyInput): Promise<Discussion> {
  return createReply(ctx, user, id, input.content);
}

/**
 * Deletes a discussion; its replies go with it (foreign keys cascade, in the same statement). An admin
 * who is neither its author nor its class's mentor is moderating: that goes in the audit log, in the
 * same transaction.
 */
export async function deleteDiscussion(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const head = await findHead(ctx.db, id, user.id);
  if (!head) throw notFound(MESSAGES.discussionDetail.notFound);
  const owners = { authorId: head.discussion.authorId, classMentorId: head.cls.mentorId };
  if (!canDeleteDiscussion(user, owners)) throw forbidden(MESSAGES.server.cannotDeleteDiscussion);
  const withdrawnFrom = await ctx.db.transaction(async (tx) => {
    const withdrawnFrom = await withdrawNoticesOf(tx, 'discussion', id);
    const deleted = await tx.delete(discussions).where(eq(discussions.id, id)).returning({ id: discussions.id });
    if (deleted.length === 0) throw notFound(MESSAGES.discussionDetail.notFound);
    if (deletesDiscussionAsModerator(user, owners)) {
      await recordAudit(tx, {
        actor: user,
        action: 'discussion_deleted',
        target: { type: 'discussion', id, name: head.discussion.title },
        detail: `by ${head.author.name} in “${head.cls.title}”`,
      });
    }
    return withdrawnFrom;
  });
  await publishUnreadCounts(ctx, withdrawnFrom);
  ctx.readCache.changed('discussions', 'discussion_replies');
}
