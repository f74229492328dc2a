import { type ContentType, SESSION_JOIN_EARLY_MINUTES } from './constants.js';

// Which live session a class's one "Join" opens (issue #37.2), decided once for the class page and the
// server: the session on now (a scheduled one, or the one its mentor started with "Start live session"),
// else the next scheduled one, whose Join opens SESSION_JOIN_EARLY_MINUTES before it starts. A class that
// is not live (video, uploadable files) has no live session at all.

/** How long a session its mentor starts on the spot counts as on: they end nothing, so it runs out. */
export const LIVE_START_NOW_MINUTES = 120;

const MINUTE = 60_000;

/** Whether a session its mentor started at `liveStartedAt` (ISO, or null: never) is still on at `now`. */
export function startedSessionOn(liveStartedAt: Date | string | null, now: number): boolean {
  if (liveStartedAt === null) return false;
  const started = new Date(liveStartedAt).getTime();
  return now < started + LIVE_START_NOW_MINUTES * MINUTE;
}

/** Only a live class has live sessions: to start, schedule or join. */
export const hasLiveSessions = (cls: { contentType: ContentType }): boolean => cls.contentType === 'live';

/** What of a scheduled session the rule reads: its start and end (ISO). */
export interface SessionTimes {
  startsAt: string;
  endsAt: string;
}

export type LiveJoin<S extends SessionTimes> =
  /** Not a live class: no live controls. */
  | { state: 'none' }
  /** On now: Join opens the room. `session` is the scheduled one running, null for one started on the spot. */
  | { state: 'on'; session: S | null }
  /** The next scheduled session starts within SESSION_JOIN_EARLY_MINUTES: Join opens the room already. */
  | { state: 'opening'; session: S; startsAt: number }
  /** The next scheduled session is later: Join opens at `opensAt`. */
  | { state: 'next'; session: S; startsAt: number; opensAt: number }
  /** A live class with nothing on and nothing scheduled. */
  | { state: 'unscheduled' };

/** Whether Join opens the room now. */
export const canJoinNow = (join: LiveJoin<SessionTimes>) => join.state === 'on' || join.state === 'opening';

/**
 * The live session Join is about for a class at `now`: `startedOn` says whether the session its mentor
 * started is on (startedSessionOn), `sessions` are its scheduled sessions that are not cancelled, in any
 * order.
 */
export function liveJoin<S extends SessionTimes>(
  cls: { contentType: ContentType; startedOn: boolean },
  sessions: readonly S[],
  now: number,
): LiveJoin<S> {
  if (!hasLiveSessions(cls)) return { state: 'none' };
  const byStart = [...sessions].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const running = byStart.find((s) => Date.parse(s.startsAt) <= now && now < Date.parse(s.endsAt));
  if (running || cls.startedOn) return { state: 'on', session: running ?? null };
  const next = byStart.find((s) => Date.parse(s.startsAt) > now);
  if (!next) return { state: 'unscheduled' };
  const startsAt = Date.parse(next.startsAt);
  const opensAt = startsAt - SESSION_JOIN_EARLY_MINUTES * MINUTE;
  return now >= opensAt
    ? { state: 'opening', session: next, startsAt }
    : { state: 'next', session: next, startsAt, opensAt };
}
