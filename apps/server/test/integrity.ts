import type { Acknowledged } from './traffic.js';

// What "no half-written records" means, as SQL over the database a server wrote: every action that
// writes several rows writes them in one transaction, so after any fault either all of them are
// there or none. Runs on PostgreSQL (pg) and PGlite alike. The invariants assume the writes of
// test/traffic.ts: nobody logs out, unenrols, unlikes or deletes a reply.

export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

const INVARIANTS: Record<string, string> = {
  // Registration writes the account and its first session together.
  'an account without the session its registration started': `
    select u.email from users u
    where u.role <> 'admin' and not exists (select 1 from sessions s where s.user_id = u.id)`,
  // A reply and the notification of the discussion's author.
  'discussion replies and their notifications disagree': `
    with r as (
      select r.discussion_id, r.author_id as actor, d.author_id as recipient, count(*)::int as n
      from discussion_replies r join discussions d on d.id = r.discussion_id
      where r.author_id <> d.author_id group by 1, 2, 3),
    n as (
      select discussion_id, actor_id as actor, user_id as recipient, count(*)::int as n
      from notifications where kind = 'discussion_reply' group by 1, 2, 3)
    select discussion_id, actor, recipient, r.n as replies, n.n as notifications
    from r full join n using (discussion_id, actor, recipient)
    where coalesce(r.n, 0) <> coalesce(n.n, 0)`,
  // A community reply and the notification of the post's author.
  'community replies and their notifications disagree': `
    with r as (
      select r.post_id, r.author_id as actor, p.author_id as recipient, count(*)::int as n
      from community_replies r join community_posts p on p.id = r.post_id
      where r.author_id <> p.author_id group by 1, 2, 3),
    n as (
      select post_id, actor_id as actor, user_id as recipient, count(*)::int as n
      from notifications where kind = 'post_reply' group by 1, 2, 3)
    select post_id, actor, recipient, r.n as replies, n.n as notifications
    from r full join n using (post_id, actor, recipient)
    where coalesce(r.n, 0) <> coalesce(n.n, 0)`,
  // An enrolment and the notification of the class's mentor.
  'enrolments and their notifications disagree': `
    with e as (
      select e.class_id, e.user_id as actor, c.mentor_id as recipient, 1 as n
      from enrolments e join classes c on c.id = e.class_id where e.user_id <> c.mentor_id),
    n as (
      select class_id, actor_id as actor, user_id as recipient, count(*)::int as n
      from notifications where kind = 'enrolment' group by 1, 2, 3)
    select class_id, actor, recipient, e.n as enrolments, n.n as notifications
    from e full join n using (class_id, actor, recipient)
    where coalesce(e.n, 0) <> coalesce(n.n, 0)`,
  // Likes and the one grouped notification per post that counts them.
  'likes and their grouped notification disagree': `
    with l as (
      select p.id as post_id, p.author_id as recipient, count(*)::int as n
      from post_likes k join community_posts p on p.id = k.post_id
      where k.user_id <> p.author_id group by 1, 2),
    n as (select post_id, user_id as recipient, "count" as n from notifications where kind = 'post_like')
    select post_id, recipient, l.n as likes, n.n as counted
    from l full join n using (post_id, recipient)
    where coalesce(l.n, 0) <> coalesce(n.n, 0)`,
  // A new discussion and the notification of its class's mentor.
  'a discussion without the notification of its class mentor': `
    select d.id from discussions d join classes c on c.id = d.class_id
    where d.author_id <> c.mentor_id and not exists (
      select 1 from notifications n
      where n.kind = 'new_discussion' and n.discussion_id = d.id and n.user_id = c.mentor_id)`,
  // A deleted class takes everything that hangs off it (foreign keys cascade in the same statement).
  'rows left behind by a deleted class': `
    select 'enrolment' as what, class_id from enrolments where class_id not in (select id from classes)
    union all select 'discussion', class_id from discussions where class_id not in (select id from classes)
    union all select 'notification', class_id from notifications
      where class_id is not null and class_id not in (select id from classes)
    union all select 'reply', d.class_id from discussion_replies r left join discussions d on d.id = r.discussion_id
      where d.id is null`,
};

/** Every broken invariant, with up to three offending rows each; [] when the data is whole. */
export async function integrityViolations(db: Queryable): Promise<string[]> {
  const found: string[] = [];
  for (const [name, sql] of Object.entries(INVARIANTS)) {
    const { rows } = await db.query(sql);
    if (rows.length > 0) found.push(`${name}: ${rows.length} (e.g. ${JSON.stringify(rows.slice(0, 3))})`);
  }
  return found;
}

/** Every write the server acknowledged (2xx) that is not in the database: committed means durable. */
export async function lostAcknowledgedWrites(db: Queryable, ack: Acknowledged): Promise<string[]> {
  const lost: string[] = [];
  const missing = async (what: string, values: string[], sql: string) => {
    if (values.length === 0) return;
    const { rows } = await db.query(sql, [values]);
    const present = new Set((rows as { v: string }[]).map((r) => r.v));
    const gone = values.filter((v) => !present.has(v));
    if (gone.length > 0) lost.push(`${what}: ${gone.length} of ${values.length} (e.g. ${gone.slice(0, 3).join(', ')})`);
  };
  await missing(
    'registrations',
    ack.registered,
    `select u.email as v from users u where u.email = any($1::text[])
       and exists (select 1 from sessions s where s.user_id = u.id)`,
  );
  await missing(
    'enrolments',
    ack.enrolled,
    `select class_id::text || '/' || user_id::text as v from enrolments
       where class_id::text || '/' || user_id::text = any($1::text[])`,
  );
  await missing(
    'likes',
    ack.liked,
    `select post_id::text || '/' || user_id::text as v from post_likes
       where post_id::text || '/' || user_id::text = any($1::text[])`,
  );
  await missing(
    'discussion replies',
    ack.replies,
    `select content as v from discussion_replies where content = any($1::text[])`,
  );
  await missing('discussions', ack.discussions, `select title as v from discussions where title = any($1::text[])`);
  await missing('community posts', ack.posts, `select title as v from community_posts where title = any($1::text[])`);
  await missing(
    'community replies',
    ack.postReplies,
    `select content as v from community_replies where content = any($1::text[])`,
  );
  if (ack.deletedClasses.length > 0) {
    const { rows } = await db.query(`select id::text as v from classes where id::text = any($1::text[])`, [
      ack.deletedClasses,
    ]);
    if (rows.length > 0) lost.push(`class deletions: ${rows.length} deleted classes are back`);
  }
  return lost;
}
