import { UNREAD_COUNT_MAX } from '@mentora/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { preparedSql } from '../db/prepared.js';
import { rowOf } from '../db/rowOf.js';
import { discussionReplies, type NotificationRow, notifications } from '../db/schema.js';
import { links } from '../notifications/raise.js';
import { unreadCountOf } from '../notifications/unread.js';
import type { AnalysedColumns, ReplyWithAuthor } from './presenter.js';

export interface ReplyInserted {
  replyId: string;
  /** Every reply of the discussion, this one included, oldest first (as GET reads them), with their authors. */
  replies: ReplyWithAuthor[];
  /** Its author's notification (none when they replied themselves), with their unread count now. */
  notification: { row: NotificationRow; unread: number } | null;
  /** The live event id for the reply (live_event_seq), later than the notification's. */
  eventId: number;
}

const actorId = sql.placeholder('actorId');
const recipientId = sql.placeholder('recipientId');
const discussionId = sql.placeholder('discussionId');

/** The first row: what was written. The others: one reply each (discussion_replies' columns) with its author. */
type Row = {
  part: 0 | 1;
  reply_id: string | null;
  notification: Record<string, unknown> | null;
  unread: number | null;
  event_id: string | null;
  author_name: string | null;
  author_picture: string | null;
} & Record<string, unknown>;

const insertReply = preparedSql<Row>(
  'discussion_reply_insert',
  sql`
    with discussion as (
      select id from discussions where id = ${discussionId} for key share
    ), reply as (
      insert into discussion_replies
        (discussion_id, author_id, content, sentiment_label, sentiment_polarity, flagged, flag_reason)
      select id, ${actorId}::uuid, ${sql.placeholder('content')}::text,
        ${sql.placeholder('sentimentLabel')}::sentiment_label, ${sql.placeholder('sentimentPolarity')}::real,
        ${sql.placeholder('flagged')}::boolean, ${sql.placeholder('flagReason')}::text
      from discussion
      returning *
    ), notified as (
      insert into notifications
        (user_id, kind, actor_id, actor_name, class_id, discussion_id, subject_title, link)
      select ${recipientId}::uuid, 'discussion_reply', ${actorId}::uuid, ${sql.placeholder('actorName')}::text,
        ${sql.placeholder('classId')}::uuid, reply.discussion_id, ${sql.placeholder('title')}::text,
        ${sql.placeholder('link')}::text
      from reply
      where ${recipientId}::uuid <> ${actorId}::uuid
      returning *
    )
    -- The reply's live event id last, after the notification's (the subquery, fenced by OFFSET 0, runs first).
    select 0 as part, taken.*, nextval('live_event_seq')::text as event_id,
      (null::discussion_replies).*, null::text as author_name, null::text as author_picture
    from (
      select (select id from reply) as reply_id,
        (select row_to_json(notified) from notified) as notification,
        -- The statement sees the table as it was before it: the unread ones then, and its own.
        (select ${unreadCountOf(sql`notified.user_id`, UNREAD_COUNT_MAX - 1)} + 1 from notified) as unread
      offset 0
    ) taken
    -- The replies as they were before this statement (it cannot see its own), and its own.
    union all
    select 1, null, null, null, null, r.*, u.name, u.profile_picture
    from discussion_replies r join users u on u.id = r.author_id
    where r.discussion_id = ${discussionId}
    union all
    select 1, null, null, null, null, reply.*, u.name, u.profile_picture
    from reply join users u on u.id = reply.author_id
    order by part, created_at, id
  `,
);

/**
 * Adds a reply and tells the discussion's author (raise.ts's rule: never of their own reply), and reads
 * what the answer and the live events need, in one statement: one round trip instead of three (bench:api:
 * the two reads after the insert cost as much CPU as the rest of a reply). What it reads is the database
 * as the statement found it, with its own reply and notification added: a reply committed by someone else
 * while it ran is in the next GET and reaches the poster live, not in this answer.
 * The discussion is locked against deletion until the statement ends; if it is already gone, nothing
 * is written and the answer is null (the caller answers 404).
 */
export async function insertReplyStatement(
  db: Queryable,
  actor: { id: string; name: string },
  discussion: { id: string; title: string; authorId: string; classId: string },
  reply: { content: string } & AnalysedColumns,
): Promise<ReplyInserted | null> {
  const [head, ...rows] = await insertReply(db).execute({
    discussionId: discussion.id,
    actorId: actor.id,
    actorName: actor.name,
    recipientId: discussion.authorId,
    classId: discussion.classId,
    title: discussion.title,
    link: links.discussion(discussion.id),
    ...reply,
  });
  if (head?.part !== 0) throw new Error('reply insert returned no head row');
  if (!head.reply_id) return null;
  return {
    replyId: head.reply_id,
    replies: rows.map((row) => {
      const reply = rowOf(discussionReplies, row);
      return {
        reply,
        author: { id: reply.authorId, name: row.author_name ?? '', profilePicture: row.author_picture ?? '' },
      };
    }),
    notification: head.notification ? { row: rowOf(notifications, head.notification), unread: head.unread ?? 1 } : null,
    eventId: Number(head.event_id),
  };
}
