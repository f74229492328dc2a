import {
  MENTOR_DASHBOARD_ITEMS,
  type MentorDashboard,
  type MentorDashboardEnrolment,
  type MentorDashboardSession,
  NEW_ENROLMENT_DAYS,
} from '@mentora/contract';
import { CalendarClock, type LucideIcon, MessageCircleQuestion, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { card, focusRing, textLink } from '../../components/styles';
import { useNow } from '../../components/useNow';
import { When } from '../../components/When';
import { DiscussionListItem } from '../discussions/DiscussionListItem';

// A mentor's side of the dashboard (issue #37 item 5): what waits for them in the classes they teach, from
// GET /dashboard/mentor. Each section links to where the mentor acts on it, and says plainly when it is empty.

interface SectionProps {
  id: string;
  title: string;
  icon: LucideIcon;
  /** How many there are in all, when the list may show only some of them. */
  total?: number | undefined;
  loading: boolean;
  children: ReactNode;
}

function Section({ id, title, icon: Icon, total, loading, children }: SectionProps) {
  return (
    <section aria-labelledby={id} className={`${card} min-w-0 p-5 sm:p-6`}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
          <Icon aria-hidden="true" className="size-5 shrink-0 text-indigo-600 dark:text-indigo-300" />
          {title}
        </h2>
        {!loading && total !== undefined && total > 0 && (
          <span className="shrink-0 rounded-full bg-indigo-50 px-2.5 py-0.5 text-sm font-semibold text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
            {total}
          </span>
        )}
      </div>
      {loading ? (
        <ul className="mt-4 space-y-3" aria-hidden="true">
          {[0, 1].map((row) => (
            <li
              key={row}
              className="h-12 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none dark:bg-slate-800"
            />
          ))}
        </ul>
      ) : (
        children
      )}
    </section>
  );
}

function Empty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="mt-4 rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center dark:border-slate-700">
      <p className="text-sm text-slate-600 dark:text-slate-400">{children}</p>
      {action && <div className="mt-2 text-sm">{action}</div>}
    </div>
  );
}

/** "Showing the newest 5 of 12", when the list holds only some. */
function More({ shown, total, to, label }: { shown: number; total: number; to: string; label: string }) {
  if (total <= shown) return null;
  return (
    <p className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-400">
      <span>
        Showing {shown} of {total}
      </span>
      <Link to={to} className={textLink}>
        {label}
      </Link>
    </p>
  );
}

const rowLink = `-mx-2 flex items-start gap-3 rounded-lg px-2 py-3 hover:bg-slate-50 dark:hover:bg-slate-800/60 ${focusRing}`;

export function AwaitingReplySection({
  overview,
  loading,
}: {
  overview: MentorDashboard | undefined;
  loading: boolean;
}) {
  const items = overview?.awaitingReply ?? [];
  const total = overview?.awaitingReplyCount ?? 0;
  return (
    <Section
      id="awaiting-reply-heading"
      title="Waiting for your reply"
      icon={MessageCircleQuestion}
      total={total}
      loading={loading}
    >
      {items.length === 0 ? (
        <Empty>
          {overview?.classCount === 0
            ? 'You are not teaching a class yet. Questions from your learners will show here.'
            : 'No discussions are waiting for your reply.'}
        </Empty>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            New discussions in your classes that you have not answered yet, newest first.
          </p>
          <ul className="-mx-5 mt-3 divide-y divide-slate-200 border-t border-slate-200 sm:-mx-6 dark:divide-slate-800 dark:border-slate-800">
            {items.map((discussion) => (
              <li key={discussion._id}>
                <DiscussionListItem discussion={discussion} withClass />
              </li>
            ))}
          </ul>
          <More shown={items.length} total={total} to="/discussions" label="All discussions" />
        </>
      )}
    </Section>
  );
}

function SessionRow({ session, now }: { session: MentorDashboardSession; now: number }) {
  const onNow = Date.parse(session.startsAt) <= now;
  return (
    <li>
      <Link to={`/classes/${session.classId}`} className={rowLink}>
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
          <CalendarClock aria-hidden="true" className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-medium break-words text-slate-900 dark:text-white">
            {session.title || session.classTitle}
          </span>
          {session.title && (
            <span className="block text-sm break-words text-slate-600 dark:text-slate-400">{session.classTitle}</span>
          )}
          <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">
            {onNow ? (
              <span className="font-semibold text-emerald-700 dark:text-emerald-300">On now</span>
            ) : (
              <When iso={session.startsAt} withTime />
            )}{' '}
            · {session.durationMinutes} min
          </span>
        </span>
      </Link>
    </li>
  );
}

export function UpcomingSessionsSection({
  overview,
  loading,
}: {
  overview: MentorDashboard | undefined;
  loading: boolean;
}) {
  const now = useNow();
  const sessions = (overview?.sessions ?? []).filter((s) => Date.parse(s.endsAt) > now);
  return (
    <Section id="upcoming-sessions-heading" title="Upcoming sessions" icon={CalendarClock} loading={loading}>
      {sessions.length === 0 ? (
        <Empty
          action={
            overview?.classCount ? (
              <Link to="/classes?filter=created" className={textLink}>
                Schedule one from your class
              </Link>
            ) : undefined
          }
        >
          No sessions scheduled.
        </Empty>
      ) : (
        <ol className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {sessions.map((session) => (
            <SessionRow key={session._id} session={session} now={now} />
          ))}
        </ol>
      )}
    </Section>
  );
}

function EnrolmentRow({ enrolment }: { enrolment: MentorDashboardEnrolment }) {
  return (
    <li>
      <Link to={`/classes/${enrolment.class._id}/roster`} className={rowLink}>
        <Avatar name={enrolment.learner.name} picture={enrolment.learner.profilePicture} className="size-10 text-sm" />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 truncate text-sm font-medium text-slate-900 dark:text-white">
              {enrolment.learner.name}
            </span>
            <When iso={enrolment.enrolledAt} className="shrink-0 text-xs text-slate-600 dark:text-slate-400" />
          </span>
          <span className="block text-sm break-words text-slate-600 dark:text-slate-400">
            Enrolled in {enrolment.class.title}
          </span>
        </span>
      </Link>
    </li>
  );
}

export function NewEnrolmentsSection({
  overview,
  loading,
}: {
  overview: MentorDashboard | undefined;
  loading: boolean;
}) {
  const items = overview?.enrolments ?? [];
  const total = overview?.newEnrolmentCount ?? 0;
  return (
    <Section id="new-enrolments-heading" title="New enrolments" icon={UserPlus} total={total} loading={loading}>
      {items.length === 0 ? (
        <Empty>No new learners in the last {NEW_ENROLMENT_DAYS} days.</Empty>
      ) : (
        <>
          <ol className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
            {items.map((enrolment) => (
              <EnrolmentRow key={`${enrolment.class._id}-${enrolment.learner._id}`} enrolment={enrolment} />
            ))}
          </ol>
          {total > MENTOR_DASHBOARD_ITEMS && (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
              Showing the newest {items.length} of {total} in the last {NEW_ENROLMENT_DAYS} days.
            </p>
          )}
        </>
      )}
    </Section>
  );
}
