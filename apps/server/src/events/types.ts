import type {
  CommunityLikeEvent,
  CommunityPostEvent,
  DiscussionReplyEvent,
  ModerationQueueEvent,
  NotificationEvent,
  NotificationReadEvent,
} from '@mentora/contract';

/**
 * Who may receive an event: one user, the members of one class (enrolled, its mentor, admins), every
 * admin (the review queue), or everyone signed in.
 */
export type Audience = { userId: string } | { classId: string } | { admins: true } | { everyone: true };

/** The events that travel between processes; `ready` and `resync` are per stream and never do. */
export type LivePayload =
  | { name: 'notification'; data: NotificationEvent }
  | { name: 'notification.read'; data: NotificationReadEvent }
  | { name: 'discussion.reply'; data: DiscussionReplyEvent }
  | { name: 'community.post'; data: CommunityPostEvent }
  | { name: 'community.like'; data: CommunityLikeEvent }
  | { name: 'moderation.queue'; data: ModerationQueueEvent };

/**
 * One event: its id on live_event_seq (the SSE `id:`, shared by every process since it comes from the
 * database), who may see it, and what the client gets.
 */
export type LiveEvent = LivePayload & { id: number; audience: Audience };

const NAMES = new Set<string>([
  'notification',
  'notification.read',
  'discussion.reply',
  'community.post',
  'community.like',
  'moderation.queue',
]);

/** A sanity check on what arrives from another process: the shape, not every field. */
export function isLiveEvent(value: unknown): value is LiveEvent {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as { id?: unknown; name?: unknown; audience?: unknown; data?: unknown };
  return (
    typeof e.id === 'number' &&
    Number.isSafeInteger(e.id) &&
    typeof e.name === 'string' &&
    NAMES.has(e.name) &&
    typeof e.audience === 'object' &&
    e.audience !== null &&
    typeof e.data === 'object' &&
    e.data !== null
  );
}
