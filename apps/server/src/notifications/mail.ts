import {
  NOTIFICATION_TOPIC_OF,
  NOTIFICATION_TOPICS,
  type NotificationKind,
  type NotificationTopic,
  type Role,
} from '@mentora/contract';
import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { canSeeClassRoom, canSeeMaterials, canSeeSessions, isClassMentor } from '../classes/policy.js';
import type { AppContext } from '../context.js';
import type { Db, Queryable } from '../db/client.js';
import {
  classes,
  communityPosts,
  discussions,
  enrolments,
  mailSettings,
  type NotificationRow,
  notifications,
  users,
} from '../db/schema.js';
import { canReadDiscussions } from '../discussions/policy.js';
import type { JobHandler, JobProducer } from '../jobs/queue.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { maskedNotification } from '../moderation/visibility.js';
import { isSuspended } from '../sanctions/policy.js';
import { restrictionsOfUser, suspendedAtSql } from '../sanctions/queries.js';
import { isAdmin } from '../users/policy.js';
import { emailDeliverySql } from './preferences.js';
import { notificationMessage } from './presenter.js';
import {
  topicWords,
  type UnsubscribeScope,
  unsubscribeHeaders,
  unsubscribePageUrl,
  unsubscribeToken,
} from './unsubscribe.js';

// Notifications by email (issue #29), through the one job queue (jobs/queue.ts):
//
// - The sweep (a producer, run before each poll) looks at every notification whose latest change it has
//   not yet decided (mailed_seq <> seq), locked so that two processes never take the same one, marks it
//   decided, and enqueues a mail job for those its user gets by email at once. The mark and the job
//   commit together: each change of a notification is mailed at most once, and never forgotten.
// - A mail job sends in the queue's transaction, with the job locked: a send that fails is retried with
//   back-off by the queue; one that succeeded is not sent again by another process.
// - Once a day, at DIGEST_HOUR in each user's zone, a digest job gathers what their daily topics brought
//   since the last digest. A zone PostgreSQL does not know (stored before zones were checked, or dropped
//   by an upgrade of its time zone data) is read as UTC, and its user's digest says so in the log: one
//   user's zone never fails the statement that serves every user.
// - Every mail is built when it is sent, from what its recipient may see then (issue #35): nothing to a
//   suspended account; nothing about a class they may no longer read; the title of a discussion or post
//   hidden since by moderation replaced by the notice (moderation/visibility.ts), as in the app.
// Without SMTP_URL nothing is mailed: the sweep still marks notifications decided. (The update in
// `decided` runs whether or not the insert reads it: PostgreSQL always runs a data-modifying WITH.)

export const NOTIFICATION_MAIL_JOB = 'notification-mail';
export const NOTIFICATION_DIGEST_JOB = 'notification-digest';

/** Notifications one sweep decides; the next poll takes the rest. */
const SWEEP_BATCH = 200;
/** How often a process looks for users whose digest is due. */
const DIGEST_CHECK_MS = 5 * 60_000;
/** A digest lists at most this many notifications, the latest first, and says how many more there were. */
const DIGEST_MAX_ITEMS = 30;
/** A first digest covers at most the last day. */
const FIRST_DIGEST_WINDOW_MS = 24 * 3_600_000;
const SUBJECT_MAX = 120;

interface NotificationMailPayload {
  notificationId: string;
  seq: number;
}

interface DigestPayload {
  userId: string;
  /** The user's local date the digest is for: with the user, it names the job (one per day). */
  day: string;
  /** The zone stored for them that PostgreSQL does not know, read as UTC instead. */
  unknownZone?: string;
}

/** Decides the email of notifications changed since their last decision, and enqueues those due now. */
export function notificationMailSweep(ctx: AppContext): JobProducer {
  const sending = ctx.config.smtpUrl !== undefined;
  return async (db: Db, now: Date) => {
    await db.execute(sql`
      with due as (
        select n.id, n.seq, n.user_id, n.kind from ${notifications} n
        where n.mailed_seq is distinct from n.seq
        order by n.seq
        limit ${SWEEP_BATCH}
        for update skip locked
      ), decided as (
        update ${notifications} n set mailed_seq = due.seq from due where n.id = due.id returning n.id
      )
      insert into jobs (kind, payload, key, run_at)
      select ${NOTIFICATION_MAIL_JOB}, jsonb_build_object('notificationId', due.id, 'seq', due.seq),
        ${`${NOTIFICATION_MAIL_JOB}:`} || due.id || ':' || due.seq, ${now.toISOString()}::timestamptz
      from due
      where ${sending}::boolean
        and ${emailDeliverySql(sql`due.user_id`, sql`due.kind`)} = 'immediate'
      on conflict (key) do nothing`);
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

interface Recipient {
  id: string;
  name: string;
  email: string;
}

/** Who a mail is for, as the rules of what they may see ask. */
interface Reader extends Recipient {
  role: Role;
}

/** A recipient's columns, with the sanctions in force on them (sanctions/queries.ts). */
const readerColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  restrictions: restrictionsOfUser(),
};

/**
 * Kinds about what only a class's members read, and the rule that says who does: someone removed from
 * the class (or a mentor demoted) since it was raised is not mailed about it.
 */
const MEMBERS_READ: Partial<Record<NotificationKind, (m: { isMember: boolean }) => boolean>> = {
  new_discussion: canReadDiscussions,
  discussion_reply: canReadDiscussions,
  session_scheduled: canSeeSessions,
  session_moved: canSeeSessions,
  session_cancelled: canSeeSessions,
  session_reminder: canSeeSessions,
  material_added: canSeeMaterials,
  live_started: canSeeClassRoom,
};

const present = <T>(value: T | null): value is T => value !== null;

/**
 * The notifications a mail may tell its reader of, as they may see them now: those about a class they
 * may no longer read are left out, and the title of a discussion or post hidden since is masked by the
 * one visibility rule. Read in the sending transaction, so a mail never says more than the app would.
 */
async function asSeenBy(tx: Queryable, reader: Reader, rows: NotificationRow[]): Promise<NotificationRow[]> {
  const classIds = [...new Set(rows.filter((r) => MEMBERS_READ[r.kind]).map((r) => r.classId))].filter(present);
  const discussionIds = [...new Set(rows.map((r) => r.discussionId))].filter(present);
  const postIds = [...new Set(rows.map((r) => r.postId))].filter(present);
  const [memberOf, discussionRows, postRows] = await Promise.all([
    classIds.length === 0
      ? []
      : tx
          .select({
            id: classes.id,
            mentorId: classes.mentorId,
            enrolled: sql<boolean>`${enrolments.userId} is not null`,
          })
          .from(classes)
          .leftJoin(enrolments, and(eq(enrolments.classId, classes.id), eq(enrolments.userId, reader.id)))
          .where(inArray(classes.id, classIds)),
    discussionIds.length === 0
      ? []
      : tx
          .select({ id: discussions.id, hidden: discussions.hidden, authorId: discussions.authorId })
          .from(discussions)
          .where(inArray(discussions.id, discussionIds)),
    postIds.length === 0
      ? []
      : tx
          .select({ id: communityPosts.id, hidden: communityPosts.hidden, authorId: communityPosts.authorId })
          .from(communityPosts)
          .where(inArray(communityPosts.id, postIds)),
  ]);
  const member = new Map(
    memberOf.map((c) => [c.id, c.enrolled || isClassMentor(reader, c) || isAdmin(reader)] as const),
  );
  const about = new Map([...discussionRows, ...postRows].map((item) => [item.id, item] as const));
  return rows.flatMap((row) => {
    const rule = MEMBERS_READ[row.kind];
    if (rule && !(row.classId !== null && rule({ isMember: member.get(row.classId) ?? false }))) return [];
    const subject = about.get(row.discussionId ?? row.postId ?? '');
    return [maskedNotification(reader, row, subject)];
  });
}

interface MailItem {
  message: string;
  url: string;
}

/** The mail's frame, as text and HTML: greeting, body, and the footer that says why and how to stop. */
function compose(
  ctx: AppContext,
  to: Recipient,
  subject: string,
  body: { intro: string; sections: { heading?: string; items: MailItem[] }[] },
  why: { words: string; scope: UnsubscribeScope },
): MailMessage {
  const token = unsubscribeToken(ctx.config.jwtSecret, to.id, why.scope);
  const stop = unsubscribePageUrl(ctx, token);
  const settings = `${ctx.config.publicUrl}/settings#notifications`;
  const first = to.name.split(/\s+/)[0] || to.name;

  const text = [
    `Hello ${first},`,
    '',
    body.intro,
    ...body.sections.flatMap((section) => [
      '',
      ...(section.heading ? [section.heading] : []),
      ...section.items.map((item) => `- ${item.message}\n  ${item.url}`),
    ]),
    '',
    '-- ',
    `You get this email for ${why.words} on Mentora.`,
    `Stop these emails: ${stop}`,
    `Choose what you get by email: ${settings}`,
  ].join('\n');

  const link = (item: MailItem) =>
    `<li style="margin:0 0 12px"><a href="${escapeHtml(item.url)}" style="color:#4f46e5">${escapeHtml(item.message)}</a></li>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-weight:600;color:#4f46e5">Mentora</p>
<p>Hello ${escapeHtml(first)},</p>
<p>${escapeHtml(body.intro)}</p>
${body.sections
  .map(
    (section) =>
      `${section.heading ? `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(section.heading)}</h2>` : ''}<ul style="padding-left:20px">${section.items.map(link).join('')}</ul>`,
  )
  .join('\n')}
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#64748b">You get this email for ${escapeHtml(why.words)} on Mentora.
<a href="${escapeHtml(stop)}" style="color:#64748b">Stop these emails</a> ·
<a href="${escapeHtml(settings)}" style="color:#64748b">Choose what you get by email</a></p>
</body></html>`;

  return { to: to.email, subject, text, html, headers: unsubscribeHeaders(ctx, token) };
}

/** The email of one notification. */
export function notificationMail(ctx: AppContext, to: Recipient, row: NotificationRow): MailMessage {
  const message = notificationMessage(row);
  const topic = NOTIFICATION_TOPIC_OF[row.kind];
  return compose(
    ctx,
    to,
    cut(message, SUBJECT_MAX),
    {
      intro: 'There is news for you on Mentora:',
      sections: [{ items: [{ message, url: ctx.config.publicUrl + row.link }] }],
    },
    { words: topicWords(topic), scope: topic },
  );
}

/** Sends the email of one notification's change, unless it changed again, was read, or is no longer wanted. */
export function sendNotificationMail(ctx: AppContext, mailer: Mailer): JobHandler<NotificationMailPayload> {
  return async (job, { tx, now }) => {
    const [found] = await tx
      .select({
        row: notifications,
        to: readerColumns,
        delivery: emailDeliverySql(sql`${notifications.userId}`, sql`${notifications.kind}`),
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.id, job.payload.notificationId));
    // Gone (deleted with what it was about), changed again (that change has its own job), read in the app
    // already, or the user chose otherwise since: nothing to send.
    if (!found || found.row.seq !== job.payload.seq || found.row.readAt || found.delivery !== 'immediate') return;
    // A suspended account gets nothing; the notification stays in its bell for after the suspension.
    if (isSuspended(found.to.restrictions, now.getTime())) return;
    const [seen] = await asSeenBy(tx, found.to, [found.row]);
    if (!seen) return;
    await mailer.send(notificationMail(ctx, found.to, seen));
  };
}

/** Enqueues, at most every few minutes, a digest for each user whose local DIGEST_HOUR has come today. */
export function digestProducer(ctx: AppContext): JobProducer {
  let lastCheck = Number.NEGATIVE_INFINITY;
  return async (db: Db, now: Date) => {
    if (ctx.config.smtpUrl === undefined) return;
    if (Math.abs(now.getTime() - lastCheck) < DIGEST_CHECK_MS) return;
    lastCheck = now.getTime();
    const at = sql`${now.toISOString()}::timestamptz`;
    // Users with something for a digest: a notification of a daily topic since their last digest. Each
    // user's zone as PostgreSQL knows it (its list read once, whatever the number of users), else UTC.
    await db.execute(sql`
      with zones as materialized (
        select lower(name) as key, min(name) as name from pg_timezone_names group by lower(name)
      )
      insert into jobs (kind, payload, key, run_at)
      select ${NOTIFICATION_DIGEST_JOB},
        jsonb_build_object('userId', due.user_id, 'day', due.day)
          || case when due.unknown_zone is null then '{}'::jsonb
             else jsonb_build_object('unknownZone', due.unknown_zone) end,
        ${`${NOTIFICATION_DIGEST_JOB}:`} || due.user_id || ':' || due.day, ${at}
      from (
        select p.id as user_id, to_char(${at} at time zone p.zone, 'YYYY-MM-DD') as day, p.unknown_zone
        from (
          select u.id, s.digest_through, coalesce(z.name, 'UTC') as zone,
            case when z.name is null then s.time_zone end as unknown_zone
          from ${users} u
          left join ${mailSettings} s on s.user_id = u.id
          left join zones z on z.key = lower(s.time_zone)
        ) p
        where extract(hour from ${at} at time zone p.zone) >= ${ctx.config.digestHour}
          -- Not yet today: the last digest ended before this local day began.
          and coalesce(p.digest_through, '-infinity') <
            (date_trunc('day', ${at} at time zone p.zone) at time zone p.zone)
          -- A suspended account is not mailed; its digest waits for the suspension's end.
          and not ${suspendedAtSql(sql`p.id`, at)}
          and exists (
            select from ${notifications} n
            where n.user_id = p.id
              and n.updated_at > coalesce(p.digest_through, ${at} - ${`${FIRST_DIGEST_WINDOW_MS} milliseconds`}::interval)
              and n.read_at is null
              and ${emailDeliverySql(sql`n.user_id`, sql`n.kind`)} = 'daily'
          )
      ) due
      on conflict (key) do nothing`);
  };
}

/** Sends a user's digest of their daily topics since the last one, and marks where it ended. */
export function sendDigest(ctx: AppContext, mailer: Mailer): JobHandler<DigestPayload> {
  return async (job, { tx, now }) => {
    const [to] = await tx
      .select({ ...readerColumns, through: mailSettings.digestThrough })
      .from(users)
      .leftJoin(mailSettings, eq(mailSettings.userId, users.id))
      .where(eq(users.id, job.payload.userId));
    if (!to) return;
    // Suspended since it was enqueued: nothing sent, nothing marked; the producer waits for the end.
    if (isSuspended(to.restrictions, now.getTime())) return;
    if (job.payload.unknownZone !== undefined) {
      ctx.logger.warn(
        { userId: to.id, timeZone: job.payload.unknownZone },
        'a digest keeps UTC: the database does not know the time zone stored for its user',
      );
    }
    const since = to.through ?? new Date(now.getTime() - FIRST_DIGEST_WINDOW_MS);
    const rows = await tx
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, to.id),
          gt(notifications.updatedAt, since),
          lte(notifications.updatedAt, now),
          sql`${notifications.readAt} is null`,
          sql`${emailDeliverySql(sql`${notifications.userId}`, sql`${notifications.kind}`)} = 'daily'`,
        ),
      )
      .orderBy(desc(notifications.updatedAt), desc(notifications.id))
      .limit(DIGEST_MAX_ITEMS + 1);
    await tx
      .insert(mailSettings)
      .values({ userId: to.id, digestThrough: now })
      .onConflictDoUpdate({ target: mailSettings.userId, set: { digestThrough: now } });
    const seen = await asSeenBy(tx, to, rows);
    // Read in the app since it was enqueued, or nothing they may still read: nothing left to tell.
    if (seen.length === 0) return;
    const shown = seen.slice(0, DIGEST_MAX_ITEMS);
    const byTopic = new Map<NotificationTopic, MailItem[]>();
    for (const row of shown) {
      const topic = NOTIFICATION_TOPIC_OF[row.kind];
      const items = byTopic.get(topic) ?? [];
      items.push({ message: notificationMessage(row), url: ctx.config.publicUrl + row.link });
      byTopic.set(topic, items);
    }
    const sections = NOTIFICATION_TOPICS.filter((topic) => byTopic.has(topic)).map((topic) => {
      const words = topicWords(topic);
      return { heading: `${words[0]?.toUpperCase()}${words.slice(1)}`, items: byTopic.get(topic) ?? [] };
    });
    const count = shown.length;
    const more = seen.length > DIGEST_MAX_ITEMS ? ' (the latest ones: more are waiting in the app)' : '';
    await mailer.send(
      compose(
        ctx,
        { id: to.id, name: to.name, email: to.email },
        `Your Mentora digest: ${count} ${count === 1 ? 'update' : 'updates'}`,
        { intro: `Here is what happened since your last digest${more}:`, sections },
        { words: 'your daily digest', scope: 'digest' },
      ),
    );
  };
}
