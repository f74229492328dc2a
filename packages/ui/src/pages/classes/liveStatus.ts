import {
  type ClassItem,
  type LiveJoin,
  liveJoin,
  SESSION_JOIN_EARLY_MINUTES,
  type SessionTimes,
} from '@mentora/contract';
import { formatDateTime } from '../../components/formatters';
import { useNow } from '../../components/useNow';
import { countdown } from './ClassSessionsCard';
import { useClassSessions } from './queries';

/**
 * The class page's one live session (issue #37.2): contract liveSession.ts decides which session Join
 * opens, from the class's scheduled sessions and the one its mentor started. Null while unknown (not
 * asked for, or the sessions still loading), so no control says something the next second takes back.
 */
export function useLiveJoin(cls: ClassItem, enabled: boolean): { join: LiveJoin<SessionTimes>; now: number } | null {
  const live = enabled && cls.contentType === 'live';
  const sessions = useClassSessions(cls._id, live);
  const now = useNow();
  if (!live || sessions.isPending) return null;
  return { join: liveJoin({ contentType: cls.contentType, startedOn: cls.live }, sessions.data ?? [], now), now };
}

/** The line above the live buttons: what is on, or when the next session is and when Join opens. */
export function liveStatusText(join: LiveJoin<SessionTimes>, now: number, mentor: boolean): string {
  switch (join.state) {
    case 'none':
      return '';
    case 'on':
      return 'The live session is on now.';
    case 'opening':
      return `The next session starts in ${countdown(join.startsAt, now)}. The room is open.`;
    case 'next':
      return mentor
        ? `Next session: ${formatDateTime(join.session.startsAt)}.`
        : `Next session: ${formatDateTime(join.session.startsAt)}. Join opens ${SESSION_JOIN_EARLY_MINUTES} minutes before it starts.`;
    case 'unscheduled':
      return mentor
        ? 'No session is on or scheduled: start one now, or schedule one.'
        : 'No live session is on or scheduled yet. You will be told when one is.';
  }
}
