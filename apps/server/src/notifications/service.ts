import {
  type listNotificationsQuerySchema,
  type MarkNotificationsReadResponse,
  MESSAGES,
  type markNotificationsReadRequestSchema,
  NOTIFICATION_GROUP_OF,
  NOTIFICATION_KINDS,
  type NotificationGroup,
  type NotificationListResponse,
} from '@mentora/contract';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import { type NotificationRow, notifications, type UserRow, users } from '../db/schema.js';
import type { LiveEvent } from '../events/types.js';
import { badRequest } from '../http/errors.js';
import { decodeCursor, olderThanCursor, pageOf } from '../http/pagination.js';
import { isId } from '../http/validate.js';
import { hiddenKinds, shownInAppSql } from './preferences.js';
import { presentNotification } from './presenter.js';
import { unreadCountOf } from './unread.js';

type ListQuery = z.output<typeof listNotificationsQuerySchema>;
type ReadInput = z.output<typeof markNotificationsReadRequestSchema>;

/** Unread notifications of each given user, counted up to UNREAD_COUNT_MAX (notifications/unread.ts). */
async function unreadCounts(db: Queryable, userIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ userId: users.id, n: unreadCountOf(sql`${users.id}`) })
    .from(users)
    .where(inArray(users.id, userIds));
  for (const row of rows) counts.set(row.userId, row.n);
  return counts;
}

async function unreadCount(db: Queryable, userId: string): Promise<number> {
  return (await unreadCounts(db, [userId])).get(userId) ?? 0;
}

const kindsOf = (group: NotificationGroup) =>
  NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_GROUP_OF[kind] === group);

/**
 * The caller's notifications, most recent activity first (a grouped one moves up when it gets news),
 * with how many are unread.
 */
export async function listNotifications(
  ctx: AppContext,
  user: UserRow,
  query: ListQuery,
): Promise<NotificationListResponse> {
  const cursor = decodeCursor(query.cursor);
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, user.id),
        shownInAppSql(sql`${notifications.userId}`, sql`${notifications.kind}`),
        cursor ? olderThanCursor(notifications.updatedAt, notifications.id, cursor) : undefined,
        query.unread ? isNull(notifications.readAt) : undefined,
        query.group ? inArray(notifications.kind, kindsOf(query.group)) : undefined,
      ),
    )
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (row) => ({ createdAt: row.updatedAt, id: row.id }));
  return {
    notifications: page.items.map(presentNotification),
    unreadCount: await unreadCount(ctx.db, user.id),
    nextCursor: page.nextCursor,
  };
}

/**
 * Marks the given notifications (ids that are not the caller's are ignored: they change nothing)
 * or all of them read, and tells the caller's other open tabs the new unread count.
 */
export async function markRead(
  ctx: AppContext,
  user: UserRow,
  input: ReadInput,
): Promise<MarkNotificationsReadResponse> {
  const ids = input.ids;
  if (ids) {
    const errors = ids.flatMap((id, i) =>
      isId(id) ? [] : [{ path: `ids.${i}`, message: MESSAGES.server.notificationIdsInvalid }],
    );
    if (errors.length > 0) throw badRequest(MESSAGES.server.notificationIdsInvalid, errors);
  }
  const changed = await ctx.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, user.id),
        isNull(notifications.readAt),
        ids
          ? inArray(
              notifications.id,
              ids.map((id) => id.toLowerCase()),
            )
          : undefined,
      ),
    )
    .returning({ id: notifications.id });
  const count = await unreadCount(ctx.db, user.id);
  if (changed.length > 0) {
    await ctx.events.publish({ name: 'notification.read', data: { unreadCount: count } }, { userId: user.id });
  }
  return { unreadCount: count };
}

/**
 * Sends each given user their unread count again, after notices of theirs were withdrawn (raise.ts): the
 * same event as a read mark from another tab, which has the app refetch its lists. Never throws.
 */
export async function publishUnreadCounts(ctx: AppContext, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  try {
    const counts = await unreadCounts(ctx.db, userIds);
    for (const [userId, unreadCount] of counts) {
      await ctx.events.publish({ name: 'notification.read', data: { unreadCount } }, { userId });
    }
  } catch (error) {
    ctx.logger.warn({ err: error }, 'notifications were withdrawn but the new counts not sent live');
  }
}

/** Sends new or updated notification rows to their recipients' streams. Never throws. */
export async function publishNotifications(ctx: AppContext, rows: NotificationRow[]): Promise<void> {
  if (rows.length === 0) return;
  let counts: Map<string, number>;
  try {
    counts = await unreadCounts(ctx.db, [...new Set(rows.map((row) => row.userId))]);
  } catch (error) {
    ctx.logger.warn({ err: error }, 'notifications were stored but not sent live');
    return;
  }
  await sendLive(ctx, rows, counts);
}

/** Sends one notification, read with its recipient's unread count by the caller's own query, to their streams. */
export async function publishNotification(ctx: AppContext, row: NotificationRow, unread: number): Promise<void> {
  await sendLive(ctx, [row], new Map([[row.userId, unread]]));
}

async function sendLive(ctx: AppContext, rows: NotificationRow[], counts: Map<string, number>): Promise<void> {
  // Kinds a recipient turned off in the app reach neither their bell nor their streams.
  let hidden: Map<string, Set<string>>;
  try {
    hidden = await hiddenKinds(ctx.db, [...new Set(rows.map((row) => row.userId))]);
  } catch (error) {
    ctx.logger.warn({ err: error }, 'notifications were stored but not sent live');
    return;
  }
  for (const row of rows) {
    if (hidden.get(row.userId)?.has(row.kind)) continue;
    await ctx.events.publishWithId(
      row.seq,
      {
        name: 'notification',
        data: { notification: presentNotification(row), unreadCount: counts.get(row.userId) ?? 0 },
      },
      { userId: row.userId },
    );
  }
}

/**
 * The caller's notifications changed after a live event id, as the events a stream would have sent,
 * oldest first: a resuming stream replays them from here, whatever the process or Redis went through.
 * `complete` is false when there were more than `limit` (the client should refetch the list).
 */
export async function notificationEventsAfter(
  ctx: AppContext,
  userId: string,
  afterId: number,
  limit: number,
): Promise<{ events: LiveEvent[]; complete: boolean }> {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        gt(notifications.seq, afterId),
        shownInAppSql(sql`${notifications.userId}`, sql`${notifications.kind}`),
      ),
    )
    .orderBy(asc(notifications.seq))
    .limit(limit + 1);
  if (rows.length === 0) return { events: [], complete: true };
  const count = await unreadCount(ctx.db, userId);
  const events = rows.slice(0, limit).map(
    (row): LiveEvent => ({
      id: row.seq,
      name: 'notification',
      audience: { userId },
      data: { notification: presentNotification(row), unreadCount: count },
    }),
  );
  return { events, complete: rows.length <= limit };
}
