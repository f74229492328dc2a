import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { arrayParam, preparedSql } from '../db/prepared.js';
import { writeBatcherPerHandle } from '../db/writeBatcher.js';
import { isStatementRefused } from '../http/errors.js';
import { likeGroupKey, links, notifyPostLikesSql } from '../notifications/raise.js';

export interface LikeToggled {
  /** False when there is no such post (nothing changed). */
  found: boolean;
  /** The post author's grouped like notification, when this like added or renewed it. */
  notificationId: string | null;
  /** The live event id for the like (live_event_seq), later than the notification's. */
  eventId: number;
}

/** One toggle to write: who, and which post. */
export interface LikeToToggle {
  actor: { id: string; name: string };
  postId: string;
}

type Row = { n: number; found: boolean; notification_id: string | null; event_id: string | number };

const toggle = preparedSql<Row>(
  'post_likes_toggle',
  sql`
    with input as (
      select * from unnest(
        ${arrayParam('postIds', 'uuid')}, ${arrayParam('userIds', 'uuid')}, ${arrayParam('actorNames', 'text')},
        ${arrayParam('links', 'text')}, ${arrayParam('groupKeys', 'text')}
      ) with ordinality as input(post_id, user_id, actor_name, link, group_key, n)
    ), post as (
      select id, title, author_id from community_posts where id in (select post_id from input) for key share
    ), removed as (
      delete from post_likes l using input, post
      where l.post_id = input.post_id and l.user_id = input.user_id and post.id = input.post_id
      returning l.post_id, l.user_id
    ), added as (
      insert into post_likes (post_id, user_id)
      select input.post_id, input.user_id from input join post on post.id = input.post_id
      where not exists (select 1 from removed where removed.post_id = input.post_id and removed.user_id = input.user_id)
      order by input.n
      on conflict do nothing
      returning post_id, user_id
    ), notified as (
      ${notifyPostLikesSql({
        from: sql`input join post on post.id = input.post_id
          join added on added.post_id = input.post_id and added.user_id = input.user_id`,
        orderBy: sql`input.n`,
        actor: { id: sql`input.user_id`, name: sql`input.actor_name` },
        post: { id: sql`post.id`, authorId: sql`post.author_id`, title: sql`post.title` },
        link: sql`input.link`,
        groupKey: sql`input.group_key`,
      })}
    ), taken as (
      select input.n, post.id is not null as found, notified.id as notification_id
      from input
      left join post on post.id = input.post_id
      left join notified on notified.post_id = input.post_id
      order by input.n
    )
    -- The likes' live event ids last, after every notification's: the scalar subquery runs once, before
    -- the first row, and it cannot finish before the notifications are written.
    select n, found, notification_id,
      case when (select count(*) from notified) >= 0 then nextval('live_event_seq') end as event_id
    from taken
    order by n
  `,
);

/**
 * Likes each post for its user, or unlikes it when they already do, and tells its author, in one
 * statement for all the toggles given (db/writeBatcher.ts groups concurrent ones; never two of one post,
 * see toggleLike): one round trip and one commit, not the eight of a transaction that locks, deletes,
 * inserts, counts and upserts one step at a time: each round trip is a socket write and a wake-up on
 * both sides.
 *
 * - `post` locks the posts against deletion until the statement ends (no like on a deleted post).
 * - `removed` deletes the caller's like; `added` inserts it only when nothing was removed. Racing
 *   toggles by the same user (a double click) neither duplicate it nor fail: the insert skips a like
 *   that another request added meanwhile (ON CONFLICT DO NOTHING), the delete waits for its commit.
 * - `notified` is the author's grouped like notification, as notifications/raise.ts decides it
 *   (notifyPostLikesSql): a post appears once in a statement, as it needs.
 */
export async function toggleLikes(db: Queryable, items: LikeToToggle[]): Promise<LikeToggled[]> {
  const rows = await toggle(db).execute({
    postIds: items.map((i) => i.postId),
    userIds: items.map((i) => i.actor.id),
    actorNames: items.map((i) => i.actor.name),
    links: items.map((i) => links.post(i.postId)),
    groupKeys: items.map((i) => likeGroupKey(i.postId)),
  });
  if (rows.length !== items.length || rows.some((row, i) => Number(row.n) !== i + 1)) {
    throw new Error('like toggle returned no row per like');
  }
  return rows.map((row) => ({
    found: row.found,
    notificationId: row.notification_id,
    eventId: Number(row.event_id),
  }));
}

/** One toggle, written with the others that come meanwhile (toggleLikes), never with another of its post. */
export const toggleLike = writeBatcherPerHandle(toggleLikes, {
  retryAlone: isStatementRefused,
  keyOf: (item) => item.postId,
});
