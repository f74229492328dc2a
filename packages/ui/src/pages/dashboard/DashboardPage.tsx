import { MESSAGES, type Role } from '@mentora/contract';
import {
  ArrowRight,
  BookOpen,
  CircleCheck,
  GraduationCap,
  type LucideIcon,
  MessagesSquare,
  Plus,
  ShieldCheck,
  Sparkles,
} from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { isAdmin, isMentor, isStrictMentor, ROLE_LABELS } from '../../auth/roles';
import { ErrorAlert, RetryAlert } from '../../components/Alert';
import { formatDate } from '../../components/formatters';
import { buttonPrimary, buttonSecondary, card, focusRing, textLink } from '../../components/styles';
import { completedCount, recentActivity } from './activity';
import { AwaitingReplySection, NewEnrolmentsSection, UpcomingSessionsSection } from './MentorOverview';
import { useDashboardData } from './useDashboardData';
import { useMentorOverview } from './useMentorOverview';
import { VerificationStatus } from './VerificationStatus';

const GREETING_LINES: Record<Role, string> = {
  learner: 'Pick up where you left off: your classes and discussions are below.',
  mentor: 'Your classes and your learners’ discussions, at a glance.',
  both: 'Learning and teaching, all in one place.',
  admin: 'Keep an eye on the platform from here, or open the admin area.',
};
/** A learner with no class yet has nothing to pick up: they are told where to start instead. */
const NEW_LEARNER_LINE = 'New to Mentora? Join a class to start learning: it will show up here.';

/** A learner's first step, in place of an empty activity list. */
function NewLearnerWelcome() {
  return (
    <section aria-labelledby="welcome-heading" className={`${card} min-w-0 p-5 sm:p-6`}>
      <h2 id="welcome-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Start with a class
      </h2>
      <p className="mt-2 max-w-prose text-sm text-slate-600 dark:text-slate-400">
        Browse the classes mentors teach and join one. Its sessions, discussions and materials are then a click away
        from here.
      </p>
      <Link to="/classes" className={`${buttonPrimary} mt-4`}>
        <BookOpen aria-hidden="true" className="size-4" />
        Find a class to join
      </Link>
    </section>
  );
}

interface StatCardProps {
  label: string;
  value: string;
  icon: LucideIcon;
  loading: boolean;
}

function StatCard({ label, value, icon: Icon, loading }: StatCardProps) {
  return (
    <div className={`${card} flex flex-col justify-between gap-3 p-4 sm:p-5`}>
      <dt className="flex items-start gap-2 text-sm font-medium text-slate-600 dark:text-slate-400">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-300" />
        {label}
      </dt>
      <dd className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        {loading ? (
          <span className="inline-block h-8 w-12 animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none dark:bg-slate-800">
            <span className="sr-only">Loading</span>
          </span>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

interface QuickLink {
  to: string;
  label: string;
  description: string;
  icon: LucideIcon;
}

export function DashboardPage() {
  const { user } = useAuth();
  const mentor = isStrictMentor(user?.role);
  // Mentor or both: the teaching side of the dashboard (issue #37 item 5).
  const teaches = isMentor(user?.role);
  const data = useDashboardData({ withCreated: mentor });
  const overview = useMentorOverview(teaches);

  if (!user) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <ErrorAlert>{MESSAGES.dashboard.notAuthenticated}</ErrorAlert>
      </div>
    );
  }

  const firstName = user.name.trim().split(/\s+/)[0] || user.name;
  const activity = recentActivity(data.enrolled, data.discussions.items, user._id);
  const discussionCount = `${data.discussions.items.length}${data.discussions.more ? '+' : ''}`;
  const newLearner = user.role === 'learner' && !data.loading && !data.failed && activity.length === 0;
  // A mentor's own learning shows only when there is some: their empty state is the teaching sections'.
  const showActivity = !mentor || data.loading || activity.length > 0;
  const failed = data.failed || overview.isError;
  const failure = data.failed ? data.failure : errorMessage(overview.error, MESSAGES.dashboard.loadFailed);
  const retry = () => {
    data.retry();
    if (overview.isError) void overview.refetch();
  };
  const greeting =
    user.role !== 'learner'
      ? GREETING_LINES[user.role]
      : data.loading
        ? null
        : newLearner
          ? NEW_LEARNER_LINE
          : GREETING_LINES.learner;

  const stats: StatCardProps[] = [
    { label: 'Enrolled classes', value: String(data.enrolled.length), icon: BookOpen, loading: data.loading },
    ...(mentor
      ? [{ label: 'Created classes', value: String(data.created.length), icon: GraduationCap, loading: data.loading }]
      : []),
    { label: 'Discussions', value: discussionCount, icon: MessagesSquare, loading: data.loading },
    {
      label: 'Completed classes',
      value: String(completedCount(data.enrolled, mentor ? data.created : [])),
      icon: CircleCheck,
      loading: data.loading,
    },
  ];

  const quickLinks: QuickLink[] = [
    { to: '/classes', label: 'Browse classes', description: 'Find your next class.', icon: BookOpen },
    {
      to: '/discussions',
      label: 'View discussions',
      description: 'Catch up with your classes.',
      icon: MessagesSquare,
    },
    ...(mentor
      ? [{ to: '/classes/create', label: 'Create class', description: 'Share what you know.', icon: Plus }]
      : []),
    ...(isAdmin(user.role)
      ? [{ to: '/admin', label: 'Admin dashboard', description: 'Moderate people and content.', icon: ShieldCheck }]
      : []),
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start lg:justify-between">
        <div>
          <p className="inline-flex items-center gap-1.5 rounded-full bg-indigo-50 px-3 py-1 text-xs font-semibold text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
            <Sparkles aria-hidden="true" className="size-3.5" />
            {ROLE_LABELS[user.role]}
          </p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            Welcome, {firstName}!
          </h1>
          {/* Held empty while a learner's classes load, so the line is never the wrong one for a moment. */}
          <p className="mt-2 min-h-6 max-w-2xl text-slate-600 dark:text-slate-400">{greeting}</p>
        </div>
        {/* Role both teaches too, and the API lets it ask to be verified: it sees its status as well. */}
        {isMentor(user.role) && (
          <div className="lg:max-w-lg">
            <VerificationStatus user={user} />
          </div>
        )}
      </div>

      {failed && (
        <div className="mt-8">
          <RetryAlert message={failure} onRetry={retry} />
        </div>
      )}

      <section aria-labelledby="stats-heading" className="mt-8">
        <h2 id="stats-heading" className="sr-only">
          Your numbers
        </h2>
        <dl
          className={`grid grid-cols-2 gap-3 sm:gap-4 ${
            stats.length === 4
              ? 'lg:grid-cols-4'
              : 'lg:grid-cols-3 [&>:last-child:nth-child(odd)]:col-span-2 lg:[&>:last-child:nth-child(odd)]:col-span-1'
          }`}
        >
          {stats.map((stat) => (
            <StatCard key={stat.label} {...stat} />
          ))}
        </dl>
      </section>

      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          {teaches && <AwaitingReplySection overview={overview.data} loading={overview.isPending} />}
          {teaches && <NewEnrolmentsSection overview={overview.data} loading={overview.isPending} />}
          {newLearner ? (
            <NewLearnerWelcome />
          ) : (
            showActivity && (
              <section aria-labelledby="activity-heading" className={`${card} min-w-0 p-5 sm:p-6`}>
                <h2 id="activity-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
                  Recent activity
                </h2>
                {data.loading ? (
                  <ul className="mt-4 space-y-3" aria-hidden="true">
                    {[0, 1, 2].map((row) => (
                      <li
                        key={row}
                        className="h-14 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none dark:bg-slate-800"
                      />
                    ))}
                  </ul>
                ) : activity.length === 0 ? (
                  <div className="mt-4 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-700">
                    <p className="text-sm text-slate-600 dark:text-slate-400">No activity yet.</p>
                    <Link to="/classes" className={`${textLink} mt-2 inline-block text-sm`}>
                      Find a class to join
                    </Link>
                  </div>
                ) : (
                  <ol className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
                    {activity.map((item) => (
                      <li key={item.key}>
                        <Link
                          to={item.to}
                          className={`-mx-2 flex items-center gap-4 rounded-lg px-2 py-3 hover:bg-slate-50 dark:hover:bg-slate-800/60 ${focusRing}`}
                        >
                          <span
                            className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full ${
                              item.label === 'Enrolled in a class'
                                ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200'
                                : 'bg-violet-50 text-violet-700 dark:bg-violet-500/15 dark:text-violet-200'
                            }`}
                          >
                            {item.label === 'Enrolled in a class' ? (
                              <BookOpen aria-hidden="true" className="size-5" />
                            ) : (
                              <MessagesSquare aria-hidden="true" className="size-5" />
                            )}
                          </span>
                          <span className="min-w-0 flex-1">
                            <span className="flex items-baseline justify-between gap-3">
                              <span className="text-sm font-medium text-slate-900 dark:text-white">{item.label}</span>
                              <time
                                dateTime={item.date}
                                className="shrink-0 text-xs text-slate-600 dark:text-slate-400"
                              >
                                {formatDate(item.date)}
                              </time>
                            </span>
                            <span className="block truncate text-sm text-slate-600 dark:text-slate-400">
                              {item.title}
                            </span>
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ol>
                )}
              </section>
            )
          )}
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          {teaches && <UpcomingSessionsSection overview={overview.data} loading={overview.isPending} />}
          <section aria-labelledby="quick-links-heading" className={`${card} min-w-0 p-5 sm:p-6`}>
            <h2 id="quick-links-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
              Quick links
            </h2>
            <ul className="mt-4 space-y-2">
              {quickLinks.map(({ to, label, description, icon: Icon }) => (
                <li key={to}>
                  <Link to={to} className={`${buttonSecondary} group w-full justify-start px-3 py-3 text-left`}>
                    <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
                      <Icon aria-hidden="true" className="size-4" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block">{label}</span>
                      <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
                        {description}
                      </span>
                    </span>
                    <ArrowRight
                      aria-hidden="true"
                      className="size-4 text-slate-500 transition-transform group-hover:translate-x-0.5 dark:text-slate-400"
                    />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
}
