import {
  type ClassItem,
  type ClassSession,
  MESSAGES,
  SESSION_MAX_MINUTES,
  SESSION_MIN_MINUTES,
  sessionCalendarFileName,
} from '@mentora/contract';
import { CalendarClock, CalendarPlus, Pencil, Plus, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../api/errors';
import { ErrorAlert } from '../../components/Alert';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Dialog } from '../../components/Dialog';
import { downloadFile } from '../../components/download';
import { formatDateTime, viewerTimeZone } from '../../components/formatters';
import { Spinner } from '../../components/Spinner';
import { buttonGhost, buttonPrimary, buttonSecondary, card, fieldLabel, inputField } from '../../components/styles';
import { useNow } from '../../components/useNow';
import { useCancelSession, useClassSessions, useSaveSession, useSessionCalendar } from './queries';

// A live class's scheduled sessions (issue #25): its members see the upcoming ones in their own time
// zone, a countdown to the next, and "Add to calendar"; its mentor schedules, edits and cancels them. The
// one "Join" is the actions card's (issue #37.2: contract liveSession.ts says which session it opens).

/** "2 d 3 h", "3 h 05 min", "4 min 09 s": the time left until `to`. */
export function countdown(to: number, now: number): string {
  const left = Math.max(0, Math.floor((to - now) / 1000));
  const d = Math.floor(left / 86_400);
  const h = Math.floor((left % 86_400) / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${pad(m)} min`;
  return `${m} min ${pad(s)} s`;
}

/** An ISO time as a datetime-local input's value, in the viewer's own zone (its first 10 characters: the day). */
function localInputValue(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function ClassSessionsCard({
  cls,
  isMember,
  isOwner,
}: {
  cls: ClassItem;
  /** Enrolled, its mentor or an admin: who may read the sessions. */
  isMember: boolean;
  /** Its mentor: who schedules them. */
  isOwner: boolean;
}) {
  const sessions = useClassSessions(cls._id, isMember);
  const now = useNow();
  const [editing, setEditing] = useState<ClassSession | 'new' | null>(null);
  const [cancelling, setCancelling] = useState<ClassSession | null>(null);
  const cancel = useCancelSession(cls._id);
  const calendar = useSessionCalendar(cls._id);
  if (!isMember || cls.contentType !== 'live') return null;

  const list = (sessions.data ?? []).filter((s) => Date.parse(s.endsAt) > now);
  const next = list[0];

  const onCalendar = (s: ClassSession) =>
    calendar.mutate(s._id, {
      onSuccess: (text) =>
        downloadFile(
          sessionCalendarFileName(cls.title, localInputValue(s.startsAt).slice(0, 10)),
          text,
          'text/calendar',
        ),
      onError: (error) => toast.error(errorMessage(error, MESSAGES.sessions.calendarFailed)),
    });

  return (
    <section aria-labelledby="sessions-heading" className={`${card} space-y-4 p-5 sm:p-6`} data-testid="sessions-card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Upcoming sessions
        </h2>
        {isOwner && (
          <button type="button" className={`${buttonSecondary} whitespace-nowrap`} onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            Schedule session
          </button>
        )}
      </div>

      {sessions.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Spinner className="size-4" /> Loading sessions...
        </p>
      ) : sessions.isError ? (
        <ErrorAlert>{errorMessage(sessions.error, MESSAGES.sessions.loadFailed)}</ErrorAlert>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No sessions are scheduled.</p>
      ) : (
        <ul className="space-y-3">
          {list.map((s) => {
            const isNext = s === next;
            const started = Date.parse(s.startsAt) <= now;
            return (
              <li
                key={s._id}
                className="rounded-xl border border-slate-200 p-4 dark:border-slate-700"
                data-testid="session-item"
              >
                <p className="font-medium break-words text-slate-900 dark:text-white">{s.title || cls.title}</p>
                <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
                  <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
                  <time dateTime={s.startsAt}>{formatDateTime(s.startsAt)}</time>
                  <span>· {s.durationMinutes} min</span>
                </p>
                {isNext && (
                  <p className="mt-1 text-sm font-medium text-indigo-700 dark:text-indigo-300" data-testid="countdown">
                    {started ? 'On now' : `Starts in ${countdown(Date.parse(s.startsAt), now)}`}
                  </p>
                )}
                <div className="mt-3 flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={buttonSecondary}
                    disabled={calendar.isPending}
                    onClick={() => onCalendar(s)}
                  >
                    <CalendarPlus aria-hidden="true" className="size-4" />
                    Add to calendar
                  </button>
                  {isOwner && (
                    <>
                      <button type="button" className={buttonGhost} onClick={() => setEditing(s)}>
                        <Pencil aria-hidden="true" className="size-4" />
                        Edit
                      </button>
                      <button
                        type="button"
                        className={buttonGhost}
                        onClick={() => {
                          cancel.reset();
                          setCancelling(s);
                        }}
                      >
                        <X aria-hidden="true" className="size-4" />
                        Cancel session
                      </button>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {isOwner && editing && (
        <ScheduleSessionDialog
          classId={cls._id}
          session={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this session?"
        message="Your learners will be told it is cancelled, and it leaves their list and calendar file."
        confirmLabel="Cancel session"
        cancelLabel="Keep it"
        busyLabel="Cancelling..."
        destructive
        busy={cancel.isPending}
        error={cancel.isError ? errorMessage(cancel.error, MESSAGES.sessions.cancelFailed) : null}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling._id, {
            onSuccess: () => {
              setCancelling(null);
              toast.success(MESSAGES.sessions.cancelled);
            },
          })
        }
        onCancel={() => setCancelling(null)}
      />
    </section>
  );
}

/** Schedule a session, or change one: its title, start (in the mentor's own zone) and length. */
export function ScheduleSessionDialog({
  classId,
  session,
  onClose,
}: {
  classId: string;
  session: ClassSession | null;
  onClose: () => void;
}) {
  const save = useSaveSession(classId);
  const [title, setTitle] = useState(session?.title ?? '');
  const [start, setStart] = useState(session ? localInputValue(session.startsAt) : '');
  const [duration, setDuration] = useState(String(session?.durationMinutes ?? 60));
  const [problem, setProblem] = useState<string | null>(null);
  const zone = viewerTimeZone() ?? 'UTC';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const startsAt = new Date(start);
    const minutes = Number(duration);
    if (!start || Number.isNaN(startsAt.getTime())) return setProblem('Choose the date and time it starts.');
    if (startsAt.getTime() <= Date.now()) return setProblem(MESSAGES.server.sessionStartInPast);
    if (!Number.isInteger(minutes) || minutes < SESSION_MIN_MINUTES || minutes > SESSION_MAX_MINUTES)
      return setProblem(`Duration must be ${SESSION_MIN_MINUTES} to ${SESSION_MAX_MINUTES} minutes.`);
    setProblem(null);
    save.mutate(
      { sessionId: session?._id, input: { title, startsAt: startsAt.toISOString(), durationMinutes: minutes } },
      {
        onSuccess: () => {
          toast.success(session ? MESSAGES.sessions.updated : MESSAGES.sessions.scheduled);
          onClose();
        },
      },
    );
  };

  const error = problem ?? (save.isError ? errorMessage(save.error, MESSAGES.sessions.saveFailed) : null);
  return (
    <Dialog
      open
      onClose={onClose}
      title={session ? 'Edit session' : 'Schedule session'}
      description={`Times are in your time zone (${zone}). Learners see them in theirs.`}
      dismissible={!save.isPending}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <div>
          <label htmlFor="session-title" className={fieldLabel}>
            Title (optional)
          </label>
          <input
            id="session-title"
            className={inputField}
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.target.value)}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="session-start" className={fieldLabel}>
              Starts
            </label>
            <input
              id="session-start"
              type="datetime-local"
              className={inputField}
              value={start}
              required
              onChange={(e) => setStart(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor="session-duration" className={fieldLabel}>
              Duration (minutes)
            </label>
            <input
              id="session-duration"
              type="number"
              inputMode="numeric"
              min={SESSION_MIN_MINUTES}
              max={SESSION_MAX_MINUTES}
              step={15}
              className={inputField}
              value={duration}
              required
              onChange={(e) => setDuration(e.target.value)}
            />
          </div>
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className={buttonSecondary} disabled={save.isPending} onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={buttonPrimary}
            disabled={save.isPending}
            aria-busy={save.isPending || undefined}
          >
            {save.isPending && <Spinner className="size-4" />}
            {session ? 'Save changes' : 'Schedule session'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
