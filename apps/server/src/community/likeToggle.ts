import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { preparedSql } from '../db/prepared.js';
import { likeGroupKey, links } from '../notifications/raise.js';

export interface LikeToggled {
  /** False when there is no such post (nothing changed). */
  found: boolean;
  /** The post author's grouped like notification, when this like added or renewed it. */
  notificationId: string | null;
  /** The live event id for the like (live_event_seq), later than the notification's. */
  eventId: number;
}

const postId = sql.placeholder('postId');
const userId = sql.placeholder('userId');

const toggle = preparedSql<{ found: boolean; notification_id: string | null; event_id: string | number }>(
  'post_like_toggle',
  sql`
    with post as (
      select id, title, author_id from community_posts where id = ${postId} for key share
    ), removed as (
      delete from post_likes
      where post_id = (select id from post) and user_id = ${userId}
      returning user_id
    ), added as (
      insert into post_likes (post_id, user_id)
      select id, ${userId}::uuid from post where not exists (select 1 from removed)
      on conflict do nothing
      returning user_id
    ), notified as (
      insert into notifications
        (user_id, kind, actor_id, actor_name, post_id, subject_title, link, group_key, count)
      select post.author_id, 'post_like', ${userId}::uuid, ${sql.placeholder('actorName')}, post.id, post.title,
        ${sql.placeholder('link')}, ${sql.placeholder('groupKey')},
        1 + (select count(*) from post_likes l
             where l.post_id = post.id and l.user_id <> post.author_id and l.user_id <> ${userId}::uuid)
      from post
      where post.author_id <> ${userId}::uuid and exists (select 1 from added)
      on conflict (user_id, group_key) do update set
        actor_id = excluded.actor_id, actor_name = excluded.actor_name,
        subject_title = excluded.subject_title, context_title = excluded.context_title,
        count = excluded.count, read_at = null, updated_at = now(), seq = nextval('live_event_seq')
      returning id
    )
    -- The like's live event id last, after the notification's (the subquery, fenced by OFFSET 0, runs first).
    select found, notification_id, nextval('live_event_seq') as event_id from (
      select exists (select 1 from post) as found, (select id from notified) as notification_id offset 0
    ) taken
  `,
);

/**
 * Likes the post for the user, or unlikes it when they already do, and tells its author, in one
 * statement: a like costs one round trip to the database (its live event id included), not the eight of a transaction that locks,
 * deletes, inserts, counts and upserts one step at a time (bench:api: each round trip is a socket
 * write and wake-up on both sides, the largest item in a write's CPU profile).
 *
 * - `post` locks the post against deletion until the statement ends (no like on a deleted post).
 * - `removed` deletes the caller's like; `added` inserts it only when nothing was removed. Racing
 *   toggles by the same user (a double click) neither duplicate it nor fail: the insert skips a like
 *   that another request added meanwhile (ON CONFLICT DO NOTHING), the delete waits for its commit.
 * - `notified` is raise.ts's grouped like notification (one per post for its author, never for their
 *   own like): every part of a statement reads the same snapshot, which does not hold the like just
 *   added, so the count of people who like it (the author excepted) is the others plus this one.
 */
export async function toggleLikeStatement(
  db: Queryable,
  actor: { id: string; name: string },
  id: string,
): Promise<LikeToggled> {
  const [row] = await toggle(db).execute({
    postId: id,
    userId: actor.id,
    actorName: actor.name,
    link: links.post(id),
    groupKey: likeGroupKey(id),
  });
  if (!row) throw new Error('like toggle returned no row');
  return { found: row.found, notificationId: row.notification_id, eventId: Number(row.event_id) };
}
