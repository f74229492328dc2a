import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import { classes, classSessions } from '../db/schema.js';
import { dropJob, enqueue, type JobHandler } from '../jobs/queue.js';
import { notifySessionReminder } from '../notifications/raise.js';
import { publishNotifications } from '../notifications/service.js';

// Session reminders (issue #25): SESSION_REMINDER_MINUTES before a scheduled session starts, its class's
// members are reminded in the bell, once each. One job per session, under the session's key: moving the
// session moves the job, cancelling it drops the job.

export const SESSION_REMINDER_JOB = 'session-reminder';

interface ReminderPayload {
  sessionId: string;
}

const reminderKey = (sessionId: string) => `session-reminder:${sessionId}`;

/** Keeps a session's reminder in step with the session, in the transaction of its change. */
export async function keepReminder(
  db: Queryable,
  reminderMs: number,
  session: { id: string; startsAt: Date; cancelledAt: Date | null },
): Promise<void> {
  if (session.cancelledAt) {
    await dropJob(db, reminderKey(session.id));
    return;
  }
  const payload: ReminderPayload = { sessionId: session.id };
  // A session scheduled less than the reminder's lead from now is reminded at once.
  await enqueue(
    db,
    SESSION_REMINDER_JOB,
    { ...payload },
    {
      runAt: new Date(session.startsAt.getTime() - reminderMs),
      key: reminderKey(session.id),
    },
  );
}

/**
 * Reminds the members of a session's class, unless the session is gone (cancelled, or its class deleted)
 * or already over: a reminder that came due while no server ran still goes out at start, if it can help.
 */
export function sendSessionReminder(ctx: AppContext): JobHandler<ReminderPayload> {
  return async (job, { tx, now }) => {
    const [row] = await tx
      .select({ session: classSessions, cls: { id: classes.id, title: classes.title, mentorId: classes.mentorId } })
      .from(classSessions)
      .innerJoin(classes, eq(classes.id, classSessions.classId))
      .where(and(eq(classSessions.id, job.payload.sessionId), isNull(classSessions.cancelledAt)))
      .limit(1);
    if (!row) return;
    const endsAt = row.session.startsAt.getTime() + row.session.durationMinutes * 60_000;
    if (endsAt <= now.getTime()) return;
    const raised = await notifySessionReminder(tx, row.cls, row.session);
    return () => publishNotifications(ctx, raised);
  };
}
