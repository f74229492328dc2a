import {
  type CommunityPost,
  type createPostRequestSchema,
  type listPostsQuerySchema,
  MESSAGES,
  type replyRequestSchema,
} from '@mentora/contract';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { recordAudit } from '../audit/service.js';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import type { WatchedTable } from '../db/readCache.js';
import { communityPosts, communityReplies, notifications, postLikes, type UserRow, users } from '../db/schema.js';
import { SEARCHED, searchVector } from '../db/search.js';
import { analysisColumns } from '../discussions/presenter.js';
import { forbidden, notFound } from '../http/errors.js';
import { cursorValues, decodeCursor, newestFirstClauses, type Page, pageOf } from '../http/pagination.js';
import { canRespondTo } from '../moderation/policy.js';
import { recordAutoFlag } from '../moderation/service.js';
import { forEveryonePost, maskedList, maskedPost, notHiddenSql } from '../moderation/visibility.js';
import { notifyPostReply, withdrawNoticesOf } from '../notifications/raise.js';
import { publishNotification, publishNotifications, publishUnreadCounts } from '../notifications/service.js';
import { unreadCountOf } from '../notifications/unread.js';
import { analyseText } from '../text/index.js';
import { toggleLike as toggleLikeRow } from './likeToggle.js';
import { canDeletePost, canLikePost, canReplyToPost, deletesPostAsModerator } from './policy.js';
import { type PostWithAuthor, presentCommunityReply, presentPost, type ReplyWithAuthor } from './presenter.js';

type ListQuery = z.output<typeof listPostsQuerySchema>;
type CreateInput = z.output<typeof createPostRequestSchema>;
type ReplyInput = z.output<typeof replyRequestSchema>;

const { search: _search, ...postFields } = getTableColumns(communityPosts);
const authorFields = { id: users.id, name: users.name, profilePicture: users.profilePicture };

function selectPosts(db: Queryable) {
  return db
    .select({ post: postFields, author: authorFields })
    .from(communityPosts)
    .innerJoin(users, eq(users.id, communityPosts.authorId));
}

function groupBy<T, V>(rows: T[], keyOf: (row: T) => string, present: (row: T) => V): Map<string, V[]> {
  const groups = new Map<string, V[]>();
  for (const row of rows) {
    const group = groups.get(keyOf(row));
    if (group) group.push(present(row));
    else groups.set(keyOf(row), [present(row)]);
  }
  return groups;
}

const postIds = sql.placeholder('postIds');

const likesOf = prepared('post_likes_of', (db, name) =>
  db
    .select({ postId: postLikes.postId, userId: postLikes.userId })
    .from(postLikes)
    .where(sql`${postLikes.postId} = any(${postIds}::uuid[])`)
    .orderBy(asc(postLikes.createdAt), asc(postLikes.userId))
    .prepare(name),
);

const repliesOf = prepared('post_replies_of', (db, name) =>
  db
    .select({ reply: communityReplies, author: authorFields })
    .from(communityReplies)
    .innerJoin(users, eq(users.id, communityReplies.authorId))
    .where(sql`${communityReplies.postId} = any(${postIds}::uuid[])`)
    .orderBy(asc(communityReplies.createdAt), asc(communityReplies.id))
    .prepare(name),
);

/**
 * Posts with their likes and replies in three queries whatever the page size: the posts (given), then
 * the likes of all of them, then the replies of all of them.
 */
async function withLikesAndReplies(db: Queryable, rows: PostWithAuthor[]): Promise<CommunityPost[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.post.id);
  const [likeRows, replyRows] = await Promise.all([
    likesOf(db).execute({ postIds: ids }),
    repliesOf(db).execute({ postIds: ids }),
  ]);
  const likes = groupBy(
    likeRows,
    (like) => like.postId,
    (like) => like.userId,
  );
  const replies = groupBy(replyRows, (row) => row.reply.postId, presentCommunityReply);
  return rows.map((row) => presentPost(row, likes.get(row.post.id) ?? [], replies.get(row.post.id) ?? []));
}

/** A reply as repliesJson aggregates it: its row and author, with the time as JSON writes it. */
interface ReplyJson extends Omit<ReplyWithAuthor['reply'], 'createdAt'> {
  createdAt: string;
  author: ReplyWithAuthor['author'];
}

/** A post's replies with their authors as one JSON array, oldest first (a column of the queries below). */
const repliesJson = sql<ReplyJson[]>`coalesce((
  select json_agg(json_build_object(
    'id', r.id, 'postId', r.post_id, 'authorId', r.author_id, 'content', r.content,
    'sentimentLabel', r.sentiment_label, 'sentimentPolarity', r.sentiment_polarity,
    'flagged', r.flagged, 'flagReason', r.flag_reason, 'hidden', r.hidden, 'createdAt', r.created_at,
    'author', json_build_object('id', u.id, 'name', u.name, 'profilePicture', u.profile_picture)
  ) order by r.created_at, r.id)
  from ${communityReplies} r join ${users} u on u.id = r.author_id
  where r.post_id = ${communityPosts.id}), '[]')`;

/** The ids of those who like a post, in the order they liked it, as one JSON array. */
const likesJson = sql<string[]>`coalesce((
  select json_agg(l.user_id order by l.created_at, l.user_id) from ${postLikes} l
  where l.post_id = ${communityPosts.id}), '[]')`;

/** Narrows a select from community_posts to one post by id (placeholder id), with its author joined. */
function postById<T extends PgSelect>(query: T) {
  return query
    .innerJoin(users, eq(users.id, communityPosts.authorId))
    .where(eq(communityPosts.id, sql.placeholder('id')))
    .limit(1);
}

/**
 * One post with the ids of those who like it and its replies, in one query (likes and replies as JSON
 * arrays): what a reply answers, read back once it has committed.
 */
const postWithAll = prepared('post_with_all', (db, name) =>
  postById(
    db
      .select({ post: postFields, author: authorFields, likes: likesJson, replies: repliesJson })
      .from(communityPosts)
      .$dynamic(),
  ).prepare(name),
);

/** The same without its likes: what a like leaves as it was. */
const postWithReplies = prepared('post_with_replies', (db, name) =>
  postById(
    db.select({ post: postFields, author: authorFields, replies: repliesJson }).from(communityPosts).$dynamic(),
  ).prepare(name),
);

/**
 * After a like: the post's likes, and the notification it raised (none when null) with its recipient's
 * unread count. Both are read once the like has committed, in one round trip.
 */
const likesAndNotification = prepared('post_likes_and_notification', (db, name) =>
  db
    .select({
      likes: likesJson,
      notification: notifications,
      // Spelled out: u's columns would shadow an unqualified notifications.user_id.
      unread: unreadCountOf(sql`notifications.user_id`),
    })
    .from(communityPosts)
    .leftJoin(notifications, eq(notifications.id, sql.placeholder('notificationId')))
    .where(eq(communityPosts.id, sql.placeholder('id')))
    .limit(1)
    .prepare(name),
);

type PostRow = PostWithAuthor & { replies: ReplyJson[] };

function presentPostRow(row: PostRow, likes: string[]): CommunityPost {
  const replies = row.replies.map(({ author, createdAt, ...reply }) =>
    presentCommunityReply({ reply: { ...reply, createdAt: new Date(createdAt) }, author }),
  );
  return presentPost(row, likes, replies);
}

async function findPost(db: Queryable, id: string): Promise<CommunityPost> {
  const [row] = await postWithAll(db).execute({ id });
  if (!row) throw notFound(MESSAGES.server.postNotFound);
  return presentPostRow(row, row.likes);
}

/** A post, its author and its replies: kept in the read cache, as no like changes them. */
function readPostWithReplies(ctx: AppContext, id: string): Promise<PostRow | undefined> {
  return ctx.readCache.read(
    JSON.stringify(['post-with-replies', id]),
    ['community_posts', 'community_replies', 'users'],
    async () => (await postWithReplies(ctx.db).execute({ id }))[0],
  );
}

/**
 * The post a like answers, once the like has committed: its likes read now, the rest (the same for every
 * like of it) from memory once kept; and the notification the like raised, sent to its recipient with
 * their unread count, read in the same query as the likes. The kept part spares every like
 * reading what no like changes.
 */
async function answerLike(ctx: AppContext, id: string, notificationId: string | null): Promise<CommunityPost> {
  const [row, [now]] = await Promise.all([
    readPostWithReplies(ctx, id),
    likesAndNotification(ctx.db).execute({ id, notificationId }),
  ]);
  // Deleted since the like committed (its likes and notification went with it).
  if (!row || !now) throw notFound(MESSAGES.server.postNotFound);
  // In id order: the statement took the notification's id, then the like event's (sent by the caller).
  if (now.notification) await publishNotification(ctx, now.notification, now.unread ?? 0);
  return presentPostRow(row, now.likes);
}

/** Locks a post against deletion until the transaction ends; 404 when it is already gone. */
async function lockPost(
  tx: Queryable,
  id: string,
): Promise<{ id: string; title: string; authorId: string; hidden: boolean }> {
  const [alive] = await tx
    .select({
      id: communityPosts.id,
      title: communityPosts.title,
      authorId: communityPosts.authorId,
      hidden: communityPosts.hidden,
    })
    .from(communityPosts)
    .where(eq(communityPosts.id, id))
    .for('key share');
  if (!alive) throw notFound(MESSAGES.server.postNotFound);
  return alive;
}

/** What a page of the feed shows is read from these tables (db/readCache.ts). */
const FEED_TABLES: readonly WatchedTable[] = ['community_posts', 'community_replies', 'post_likes', 'users'];

// ---------- calls ----------

type FeedShape = `feed${'' | '+category'}${'' | '+search'}${'' | '+cursor'}`;

const feedPage = prepared<ReturnType<typeof buildFeedPage>, FeedShape>('community_feed', buildFeedPage, {
  plan: 'custom',
});

function buildFeedPage(db: Queryable, name: string, shape: string) {
  const page = newestFirstClauses(communityPosts, SEARCHED.communityPosts, shape);
  return selectPosts(db)
    .where(
      and(
        shape.includes('+category') ? eq(communityPosts.category, sql.placeholder('category')) : undefined,
        // The feed's pages are shared by everyone: hidden posts match no search (moderation/visibility.ts).
        shape.includes('+search') ? notHiddenSql(communityPosts.hidden) : undefined,
        ...page.conditions,
      ),
    )
    .orderBy(...page.order)
    .limit(sql.placeholder('limit'))
    .prepare(name);
}

/** The feed, newest first, optionally of one category and/or matching a search over title, content and tags. */
export async function listPosts(ctx: AppContext, user: UserRow, query: ListQuery): Promise<Page<CommunityPost>> {
  const page = await feedPageOf(ctx, query);
  return { items: maskedList(page.items, (post) => maskedPost(user, post)), nextCursor: page.nextCursor };
}

/** One page of the feed as written (hidden posts included), shared by every viewer through the read cache. */
function feedPageOf(ctx: AppContext, query: ListQuery): Promise<Page<CommunityPost>> {
  const cursor = decodeCursor(query.cursor);
  const search = query.search?.trim();
  const key = JSON.stringify(['feed', query.category, search, query.cursor, query.limit]);
  return ctx.readCache.read(
    key,
    FEED_TABLES,
    async () => {
      const shape =
        `feed${query.category ? '+category' : ''}${search ? '+search' : ''}${cursor ? '+cursor' : ''}` as FeedShape;
      const rows = await feedPage(ctx.db, shape).execute({
        category: query.category,
        search,
        limit: query.limit + 1,
        ...cursorValues(cursor),
      });
      const page = pageOf(rows, query.limit, (row) => row.post);
      return { items: await withLikesAndReplies(ctx.db, page.items), nextCursor: page.nextCursor };
    },
    // The route answers the posts; the cursor goes in a header.
    (page) => page.items,
  );
}

/** Creates a post; its sentiment and moderation are computed here and stored with it. Every signed-in user sees it live. */
export async function createPost(ctx: AppContext, user: UserRow, input: CreateInput): Promise<CommunityPost> {
  const analysis = await analyseText(`${input.title}\n${input.content}`);
  const [row] = await ctx.db
    .insert(communityPosts)
    .values({
      authorId: user.id,
      title: input.title,
      content: input.content,
      category: input.category,
      tags: input.tags,
      ...analysisColumns(analysis),
      search: searchVector(input.title, input.tags.join(' '), input.content),
    })
    .returning(postFields);
  if (!row) throw new Error('post insert returned nothing');
  ctx.readCache.changed('community_posts');
  const post = presentPost({ post: row, author: user }, [], []);
  // Everyone gets the post as anyone may see it; its author has it as written in the answer.
  await ctx.events.publish({ name: 'community.post', data: { post: forEveryonePost(post) } }, { everyone: true });
  await recordAutoFlag(ctx, {
    type: 'post',
    id: row.id,
    authorId: user.id,
    flagged: analysis.moderation.flagged,
    reason: analysis.moderation.reason,
    severe: analysis.severe,
  });
  return post;
}

/**
 * Likes the post, or unlikes it when the caller already does; its author hears of a like (grouped per
 * post), not of an unlike. One statement (likeToggle.ts), safe under double clicks and concurrent requests.
 */
export async function toggleLike(ctx: AppContext, user: UserRow, id: string): Promise<CommunityPost> {
  if (!canLikePost(user)) throw forbidden();
  // From the read cache, where the answer below finds it again.
  const target = await readPostWithReplies(ctx, id);
  if (!target) throw notFound(MESSAGES.server.postNotFound);
  if (!canRespondTo(user, target.post)) throw forbidden(MESSAGES.moderation.hiddenClosed);
  const toggled = await toggleLikeRow(ctx.db, { actor: user, postId: id });
  if (!toggled.found) throw notFound(MESSAGES.server.postNotFound);
  ctx.readCache.changed('post_likes');
  const post = await answerLike(ctx, id, toggled.notificationId);
  await ctx.events.publishWithId(
    toggled.eventId,
    { name: 'community.like', data: { postId: id, likes: post.likes, likeCount: post.likes.length } },
    { everyone: true },
  );
  return maskedPost(user, post);
}

/** Adds a reply (with its own sentiment and moderation), notifies the post's author and answers the whole updated post. */
export async function addReply(ctx: AppContext, user: UserRow, id: string, input: ReplyInput): Promise<CommunityPost> {
  if (!canReplyToPost(user)) throw forbidden();
  const analysis = await analyseText(input.content);
  const { raised, replyId } = await ctx.db.transaction(async (tx) => {
    const post = await lockPost(tx, id);
    if (!canRespondTo(user, post)) throw forbidden(MESSAGES.moderation.hiddenClosed);
    const [reply] = await tx
      .insert(communityReplies)
      .values({ postId: id, authorId: user.id, content: input.content, ...analysisColumns(analysis) })
      .returning({ id: communityReplies.id });
    return { raised: await notifyPostReply(tx, user, post), replyId: reply?.id ?? '' };
  });
  ctx.readCache.changed('community_replies');
  const post = await findPost(ctx.db, id);
  await publishNotifications(ctx, raised);
  await recordAutoFlag(ctx, {
    type: 'postReply',
    id: replyId,
    authorId: user.id,
    flagged: analysis.moderation.flagged,
    reason: analysis.moderation.reason,
    severe: analysis.severe,
  });
  return maskedPost(user, post);
}

/**
 * Deletes a post; its replies and likes go with it (foreign keys cascade, in the same statement). An
 * admin deleting someone else's post is moderating: that goes in the audit log, in the same transaction.
 */
export async function deletePost(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const [post] = await ctx.db
    .select({ authorId: communityPosts.authorId, title: communityPosts.title, authorName: users.name })
    .from(communityPosts)
    .innerJoin(users, eq(users.id, communityPosts.authorId))
    .where(eq(communityPosts.id, id))
    .limit(1);
  if (!post) throw notFound(MESSAGES.server.postNotFound);
  if (!canDeletePost(user, post)) throw forbidden(MESSAGES.server.cannotDeletePost);
  const withdrawnFrom = await ctx.db.transaction(async (tx) => {
    const withdrawnFrom = await withdrawNoticesOf(tx, 'post', id);
    const deleted = await tx
      .delete(communityPosts)
      .where(eq(communityPosts.id, id))
      .returning({ id: communityPosts.id });
    if (deleted.length === 0) throw notFound(MESSAGES.server.postNotFound);
    if (deletesPostAsModerator(user, post)) {
      await recordAudit(tx, {
        actor: user,
        action: 'post_deleted',
        target: { type: 'post', id, name: post.title },
        detail: `by ${post.authorName}`,
      });
    }
    return withdrawnFrom;
  });
  await publishUnreadCounts(ctx, withdrawnFrom);
  ctx.readCache.changed('community_posts', 'community_replies', 'post_likes');
}
