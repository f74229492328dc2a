import { MESSAGES, type Notification } from '@mentora/contract';
import type { NotificationRow } from '../db/schema.js';

const TITLE_MAX = 80;

/** A title as a notification quotes it: at most 80 characters, cut at a word when it can be. */
export function shortTitle(title: string): string {
  const clean = title.replace(/\s+/g, ' ').trim();
  if (clean.length <= TITLE_MAX) return clean;
  const cut = clean.slice(0, TITLE_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The sentence a person reads, from what the row keeps. */
export function notificationMessage(row: NotificationRow): string {
  const n = MESSAGES.notifications;
  const actor = row.actorName || n.someone;
  const title = shortTitle(row.subjectTitle);
  switch (row.kind) {
    case 'discussion_reply':
      return n.discussionReply(actor, title);
    case 'post_reply':
      return n.postReply(actor, title);
    case 'post_like':
      return n.postLikes(row.count, actor, title);
    case 'enrolment':
      return n.enrolment(actor, title);
    case 'mentor_verified':
      return n.mentorVerified;
    case 'verification_request':
      return n.verificationRequest(actor);
    case 'live_started':
      return n.liveStarted(actor, title);
    case 'new_discussion':
      return n.newDiscussion(actor, title, shortTitle(row.contextTitle));
    // Sanctions (raise.ts notifySanction): the reason in full, and the end kept in contextTitle.
    case 'warned':
      return n.warned(row.subjectTitle);
    case 'silenced':
      return n.silenced(row.contextTitle, row.subjectTitle);
    case 'suspended':
      return n.suspended(row.contextTitle, row.subjectTitle);
    case 'sanction_lifted':
      return n.sanctionLifted(row.subjectTitle === 'suspend' ? 'suspension' : 'silence');
    // Moderation (raise.ts notifyModerationOutcome): contextTitle holds the outcome's words.
    case 'report_resolved':
      return n.reportResolved(row.contextTitle, title);
    case 'content_moderated':
      return n.contentModerated(row.contextTitle, title);
    case 'removed_from_class':
      return n.removedFromClass(title);
    // Scheduled sessions (classes/sessions.ts): the session's title (maybe empty), the class's in contextTitle.
    case 'session_scheduled':
      return n.sessionScheduled(actor, title, shortTitle(row.contextTitle));
    case 'session_moved':
      return sessionChangeMessage(row, actor, title);
    case 'session_cancelled':
      return n.sessionCancelled(actor, title, shortTitle(row.contextTitle));
    case 'session_reminder':
      return n.sessionReminder(title, shortTitle(row.contextTitle));
    // Class materials (classes/materials.ts): the file's name, the class's in contextTitle.
    case 'material_added':
      return n.materialAdded(actor, title, shortTitle(row.contextTitle));
  }
}

/** A session's change, as its detail tells it (raise.ts notifySessionChange); a row from before says "moved". */
function sessionChangeMessage(row: NotificationRow, actor: string, title: string): string {
  const n = MESSAGES.notifications;
  const classTitle = shortTitle(row.contextTitle);
  const detail = row.detail ?? {};
  if (detail.startsAt) return n.sessionMovedTo(actor, title, classTitle, detail.startsAt, detail.durationMinutes);
  if (detail.durationMinutes !== undefined)
    return n.sessionLengthChanged(actor, title, classTitle, detail.durationMinutes);
  if (detail.previousTitle !== undefined)
    return n.sessionRenamed(actor, shortTitle(detail.previousTitle), title, classTitle);
  return n.sessionMoved(actor, title, classTitle);
}

export function presentNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    message: notificationMessage(row),
    link: row.link,
    read: row.readAt !== null,
    actor: row.actorId ? { _id: row.actorId, name: row.actorName } : null,
    count: row.count,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
