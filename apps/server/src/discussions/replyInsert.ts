import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { preparedSql } from '../db/prepared.js';
import { links } from '../notifications/raise.js';
import type { AnalysedColumns } from './presenter.js';

export interface ReplyInserted {
  /** Null when the discussion was deleted meanwhile (nothing was written). */
  replyId: string | null;
  /** Its author's notification, unless they replied themselves. */
  notificationId: string | null;
  /** The live event id for the reply (live_event_seq), later than the notification's. */
  eventId: number;
}

const actorId = sql.placeholder('actorId');
const recipientId = sql.placeholder('recipientId');

const insertReply = preparedSql<{ reply_id: string | null; notification_id: string | null; event_id: string | number }>(
  'discussion_reply_insert',
  sql`
    with discussion as (
      select id from discussions where id = ${sql.placeholder('discussionId')} for key share
    ), reply as (
      insert into discussion_replies
        (discussion_id, author_id, content, sentiment_label, sentiment_polarity, flagged, flag_reason)
      select id, ${actorId}::uuid, ${sql.placeholder('content')}::text,
        ${sql.placeholder('sentimentLabel')}::sentiment_label, ${sql.placeholder('sentimentPolarity')}::real,
        ${sql.placeholder('flagged')}::boolean, ${sql.placeholder('flagReason')}::text
      from discussion
      returning id, discussion_id
    ), notified as (
      insert into notifications
        (user_id, kind, actor_id, actor_name, class_id, discussion_id, subject_title, link)
      select ${recipientId}::uuid, 'discussion_reply', ${actorId}::uuid, ${sql.placeholder('actorName')}::text,
        ${sql.placeholder('classId')}::uuid, reply.discussion_id, ${sql.placeholder('title')}::text,
        ${sql.placeholder('link')}::text
      from reply
      where ${recipientId}::uuid <> ${actorId}::uuid
      returning id
    )
    -- The reply's live event id last, after the notification's (the subquery, fenced by OFFSET 0, runs first).
    select reply_id, notification_id, nextval('live_event_seq') as event_id from (
      select (select id from reply) as reply_id, (select id from notified) as notification_id offset 0
    ) taken
  `,
);

/**
 * Adds a reply and tells the discussion's author (raise.ts's rule: never of their own reply), in one
 * statement, as a like does (community/likeToggle.ts): one round trip instead of a transaction's five and
 * a request for an event id.
 * The discussion is locked against deletion until the statement ends; if it is already gone, nothing
 * is written (the caller answers 404).
 */
export async function insertReplyStatement(
  db: Queryable,
  actor: { id: string; name: string },
  discussion: { id: string; title: string; authorId: string; classId: string },
  reply: { content: string } & AnalysedColumns,
): Promise<ReplyInserted> {
  const [row] = await insertReply(db).execute({
    discussionId: discussion.id,
    actorId: actor.id,
    actorName: actor.name,
    recipientId: discussion.authorId,
    classId: discussion.classId,
    title: discussion.title,
    link: links.discussion(discussion.id),
    ...reply,
  });
  if (!row) throw new Error('reply insert returned no row');
  return { replyId: row.reply_id, notificationId: row.notification_id, eventId: Number(row.event_id) };
}
