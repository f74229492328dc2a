import { randomUUID } from 'node:crypto';
import { type Discussion, type DiscussionReply, MESSAGES, type Role, UNREAD_COUNT_MAX } from '@mentora/contract';
import { sql } from 'drizzle-orm';
import { isClassMentorSql } from '../classes/policy.js';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import { arrayParam, preparedSql } from '../db/prepared.js';
import { rowOf } from '../db/rowOf.js';
import { discussionReplies, discussions, type NotificationRow, notifications } from '../db/schema.js';
import { writeBatcherPerHandle } from '../db/writeBatcher.js';
import { forbidden, isStatementRefused, notFound } from '../http/errors.js';
import { recordAutoFlag } from '../moderation/service.js';
import { forEveryoneReply, maskedDiscussion } from '../moderation/visibility.js';
import { links, notifyDiscussionRepliesSql } from '../notifications/raise.js';
import { publishNotification } from '../notifications/service.js';
import { unreadCountOf } from '../notifications/unread.js';
import { analyseText } from '../text/index.js';
import { isAdmin } from '../users/policy.js';
import { canReplyToDiscussion } from './policy.js';
import {
  type AnalysedColumns,
  analysisColumns,
  type DiscussionHead,
  presentDiscussion,
  presentReply,
} from './presenter.js';

// Replying to a discussion: the command (createReply) and the one statement that writes a group of
// replies (insertReplies): who may reply comes from policy.ts, who is told from notifications/raise.ts,
// and the answer's shape from presenter.ts.

/** One reply to write: who writes it (their role counts: an admin may reply anywhere), where, and its analysed text. */
export interface ReplyToInsert {
  actor: { id: string; name: string; role: Role };
  discussionId: string;
  reply: { content: string } & AnalysedColumns;
}

/** The discussion a reply went to, as the statement read it: its fields, its class and its author. */
export type ReplyTarget = Omit<DiscussionHead, 'replyCount' | 'repliedByMe'>;

export type ReplyInserted =
  | {
      status: 'written';
      replyId: string;
      head: ReplyTarget;
      /** This reply, as GET shows it. */
      reply: DiscussionReply;
      /** Every reply of the discussion, this one included, oldest first (as GET shows them). */
      replies: DiscussionReply[];
      /** Its author's notification (none when they replied themselves), with their unread count now. */
      notification: { row: NotificationRow; unread: number } | null;
      /** The live event id for the reply (live_event_seq), later than the notification's. */
      eventId: number;
    }
  /** No such discussion (or deleted before the statement): nothing written. */
  | { status: 'missing' }
  /** The actor may not reply there (canReplyToDiscussion): nothing written. */
  | { status: 'forbidden' }
  /** The discussion is hidden and the actor sees only its notice (canRespondTo): nothing written. */
  | { status: 'closed' };

/** A reply's row and its author's, as row_to_json wrote them. */
type StoredReply = {
  reply: Record<string, unknown>;
  author: { id: string; name: string; profile_picture: string };
};

/**
 * The first rows (part 0): one per reply asked for, in order (n), with what was written for it and the
 * discussion it went to (head). The others (part 1): one per discussion written to, with its replies.
 */
type Row = {
  part: 0 | 1;
  n: number | null;
  reply_id: string | null;
  head: (Record<string, unknown> & { allowed: boolean; closed: boolean }) | null;
  notification: Record<string, unknown> | null;
  unread: number | null;
  event_id: string | null;
  discussion_id: string | null;
  replies: StoredReply[] | null;
};

const repliesInsert = preparedSql<Row>(
  'discussion_replies_insert',
  sql`
    with input as (
      select * from unnest(
        ${arrayParam('ids', 'uuid')}, ${arrayParam('discussionIds', 'uuid')}, ${arrayParam('actorIds', 'uuid')},
        ${arrayParam('actorIsAdmin', 'boolean')}, ${arrayParam('actorRoles', 'text')}, ${arrayParam('actorNames', 'text')},
        ${arrayParam('contents', 'text')},
        ${arrayParam('sentimentLabels', 'text')}::sentiment_label[], ${arrayParam('sentimentPolarities', 'real')},
        ${arrayParam('flagged', 'boolean')}, ${arrayParam('flagReasons', 'text')}, ${arrayParam('hidden', 'boolean')},
        ${arrayParam('notificationIds', 'uuid')}, ${arrayParam('links', 'text')}
      ) with ordinality as input(id, discussion_id, actor_id, actor_is_admin, actor_role, actor_name, content, sentiment_label,
        sentiment_polarity, flagged, flag_reason, hidden, notification_id, link, n)
    ), discussion as (
      select id, class_id, author_id, title, content, sentiment_label, sentiment_polarity, flagged, flag_reason,
        hidden, created_at
      from discussions where id in (select discussion_id from input) for key share
    ), target as (
      -- What the answer shows of the discussion (discussions' columns but its search vector), and
      -- whether the actor may reply (discussions/policy.ts).
      select input.n, d.id, d.class_id, d.author_id, d.title, d.content, d.sentiment_label, d.sentiment_polarity,
        d.flagged, d.flag_reason, d.hidden, null::tsvector as search, d.created_at, c.title as class_title,
        c.mentor_id as class_mentor_id, u.name as author_name, u.profile_picture as author_picture,
        ${canReplyToDiscussion.sql({
          isAdmin: sql`input.actor_is_admin`,
          isClassMentor: isClassMentorSql(
            { mentorId: sql`c.mentor_id` },
            { id: sql`input.actor_id`, role: sql`input.actor_role` },
          ),
          isEnrolled: sql`exists (select from enrolments e where e.class_id = d.class_id and e.user_id = input.actor_id)`,
        })} as allowed,
        -- Hidden, and the actor sees only its notice (moderation/policy.ts canRespondTo).
        d.hidden and d.author_id <> input.actor_id and not input.actor_is_admin as closed
      from input
      join discussion d on d.id = input.discussion_id
      join classes c on c.id = d.class_id
      join users u on u.id = d.author_id
    ), reply as (
      insert into discussion_replies
        (id, discussion_id, author_id, content, sentiment_label, sentiment_polarity, flagged, flag_reason, hidden)
      select input.id, input.discussion_id, input.actor_id, input.content, input.sentiment_label,
        input.sentiment_polarity, input.flagged, input.flag_reason, input.hidden
      from input join target on target.n = input.n
      where target.allowed and not target.closed
      order by input.n
      returning *
    ), notified as (
      ${notifyDiscussionRepliesSql({
        from: sql`input join target on target.n = input.n join reply on reply.id = input.id`,
        orderBy: sql`input.n`,
        id: sql`input.notification_id`,
        actor: { id: sql`input.actor_id`, name: sql`input.actor_name` },
        discussion: {
          id: sql`target.id`,
          classId: sql`target.class_id`,
          authorId: sql`target.author_id`,
          title: sql`target.title`,
        },
        link: sql`input.link`,
      })}
    ), taken as (
      select input.n, reply.id as reply_id, row_to_json(target) as head, row_to_json(notified) as notification,
        -- The statement sees the table as it was before it: the unread ones then, and its own up to this one.
        case when notified.id is not null then least(
          ${unreadCountOf(sql`target.author_id`, UNREAD_COUNT_MAX - 1)}
            + count(notified.id) over (partition by target.author_id order by input.n),
          ${sql.raw(String(UNREAD_COUNT_MAX))}
        )::int end as unread
      from input
      left join target on target.n = input.n
      left join reply on reply.id = input.id
      left join notified on notified.id = input.notification_id
      order by input.n
    ), numbered as materialized (
      -- The replies' live event ids last, after every notification's, in the order the replies came:
      -- the scalar subquery runs once, before the first row, and it cannot finish before the
      -- notifications are written; the rows are numbered as taken holds them, in order.
      select taken.*, case when taken.reply_id is not null and (select count(*) from notified) >= 0
        then nextval('live_event_seq')::text end as event_id
      from taken
    ), replies as (
      -- Every reply of the discussions written to, with its author: those before this statement (it
      -- cannot see its own), and its own. The author is looked up by key, row by row (joined,
      -- PostgreSQL hashed the whole users table for a few replies).
      select p.discussion_id, p.created_at, p.id, row_to_json(p) as reply, (
        select row_to_json(a) from (select u.id, u.name, u.profile_picture from users u where u.id = p.author_id) a
      ) as author
      from (
        select r.* from discussion_replies r where r.discussion_id in (select discussion_id from reply)
        union all
        select * from reply
      ) p
    )
    select 0 as part, numbered.n, numbered.reply_id, numbered.head, numbered.notification, numbered.unread,
      numbered.event_id, null::uuid as discussion_id, null::json as replies
    from numbered
    union all
    select 1, null, null, null, null, null, null, discussion_id,
      json_agg(json_build_object('reply', reply, 'author', author) order by created_at, id)
    from replies
    group by discussion_id
    order by part, n
  `,
);

/** The discussion as the statement read it (its head row), in the shape presentDiscussion takes. */
function targetOf(head: Record<string, unknown>): ReplyTarget {
  const { search: _search, ...discussion } = rowOf(discussions, head);
  return {
    discussion,
    cls: { id: discussion.classId, title: String(head.class_title), mentorId: String(head.class_mentor_id) },
    author: { id: discussion.authorId, name: String(head.author_name), profilePicture: String(head.author_picture) },
  };
}

/**
 * Checks who may reply, adds the replies they may write, and tells each discussion's author (raise.ts's
 * rule: never of their own reply), and reads what the answers and the live events need, in one
 * statement: one round trip and one commit for all of them (db/writeBatcher.ts groups concurrent
 * replies), and no read before it. What it reads is the database as the statement found it, with its
 * own replies and notifications added: a reply committed by someone else while it ran is in the next GET
 * and reaches the poster live, not in this answer.
 *
 * The ids are taken here, sorted: replies written together share their created_at (the transaction's
 * time), and GET orders by (created_at, id), so that the ones written together to one discussion keep
 * the order they came in.
 *
 * Each discussion is locked against deletion until the statement ends; a reply whose discussion is gone
 * writes nothing and answers 'missing', one its actor may not write answers 'forbidden', one hidden from
 * its actor answers 'closed'.
 */
export async function insertReplies(db: Queryable, items: ReplyToInsert[]): Promise<ReplyInserted[]> {
  const ids = items.map(() => randomUUID()).sort();
  const rows = await repliesInsert(db).execute({
    ids,
    discussionIds: items.map((i) => i.discussionId),
    actorIds: items.map((i) => i.actor.id),
    actorIsAdmin: items.map((i) => isAdmin(i.actor)),
    actorRoles: items.map((i) => i.actor.role),
    actorNames: items.map((i) => i.actor.name),
    contents: items.map((i) => i.reply.content),
    sentimentLabels: items.map((i) => i.reply.sentimentLabel),
    sentimentPolarities: items.map((i) => i.reply.sentimentPolarity),
    flagged: items.map((i) => i.reply.flagged),
    flagReasons: items.map((i) => i.reply.flagReason),
    hidden: items.map((i) => i.reply.hidden ?? false),
    notificationIds: items.map(() => randomUUID()),
    links: items.map((i) => links.discussion(i.discussionId)),
  });
  const heads = rows.slice(0, items.length);
  if (heads.some((head, i) => head.part !== 0 || Number(head.n) !== i + 1)) {
    throw new Error('reply insert returned no head row per reply');
  }
  const byDiscussion = new Map<string, DiscussionReply[]>();
  for (const row of rows.slice(items.length)) {
    byDiscussion.set(row.discussion_id ?? '', (row.replies ?? []).map(presentStored));
  }
  return heads.map((row, i): ReplyInserted => {
    if (!row.head) return { status: 'missing' };
    if (!row.head.allowed) return { status: 'forbidden' };
    if (row.head.closed) return { status: 'closed' };
    const replies = byDiscussion.get((items[i] as ReplyToInsert).discussionId);
    const reply = replies?.find((r) => r._id === row.reply_id);
    if (!row.reply_id || !replies || !reply) throw new Error('reply insert wrote no reply it was allowed to');
    return {
      status: 'written',
      replyId: row.reply_id,
      head: targetOf(row.head),
      reply,
      replies,
      notification: row.notification ? { row: rowOf(notifications, row.notification), unread: row.unread ?? 1 } : null,
      eventId: Number(row.event_id),
    };
  });
}

function presentStored({ reply, author }: StoredReply): DiscussionReply {
  return presentReply({
    reply: rowOf(discussionReplies, reply),
    author: { id: author.id, name: author.name, profilePicture: author.profile_picture },
  });
}

/** One reply, written with the others that come meanwhile (insertReplies, grouped by db/writeBatcher.ts). */
export const insertReply = writeBatcherPerHandle(insertReplies, { retryAlone: isStatementRefused });

/**
 * Adds a reply (with its own sentiment and moderation) and answers the whole updated discussion: its
 * head and replies as the statement that wrote the reply read them. The discussion's author is
 * notified, and the members of the class who have it open see the reply live. 404 when there is no
 * such discussion, 403 when the caller may not reply there: the statement decides, with no read before it.
 */
export async function createReply(
  ctx: AppContext,
  user: { id: string; name: string; role: Role },
  discussionId: string,
  content: string,
): Promise<Discussion> {
  const analysis = await analyseText(content);
  const inserted = await insertReply(ctx.db, {
    actor: user,
    discussionId,
    reply: { content, ...analysisColumns(analysis) },
  });
  if (inserted.status === 'missing') throw notFound(MESSAGES.discussionDetail.notFound);
  if (inserted.status === 'forbidden') throw forbidden(MESSAGES.discussionDetail.mustEnrolToReply);
  if (inserted.status === 'closed') throw forbidden(MESSAGES.moderation.hiddenClosed);
  ctx.readCache.changed('discussion_replies');
  const { head, replies, reply } = inserted;
  const replyCount = replies.length;
  // Hidden replies (or a hidden discussion) reach the replier as the visibility rule shows them to them.
  const answer = maskedDiscussion(user, presentDiscussion({ ...head, replyCount, repliedByMe: true }, replies));
  // In id order: the statement took the notification's id, then the reply event's.
  if (inserted.notification) {
    await publishNotification(ctx, inserted.notification.row, inserted.notification.unread);
  }
  await ctx.events.publishWithId(
    inserted.eventId,
    // One event for the whole class: as anyone may see it (the replier has the answer).
    {
      name: 'discussion.reply',
      data: { discussionId, classId: head.cls.id, reply: forEveryoneReply(reply), replyCount },
    },
    { classId: head.cls.id },
  );
  await recordAutoFlag(ctx, {
    type: 'reply',
    id: inserted.replyId,
    authorId: user.id,
    flagged: analysis.moderation.flagged,
    reason: analysis.moderation.reason,
    severe: analysis.severe,
  });
  return answer;
}
