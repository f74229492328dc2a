import type { Discussion } from '@mentora/contract';
import { BookOpen, CalendarDays, MessageSquare, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import { Avatar } from '../../components/Avatar';
import { countLabel, formatDate, formatDateTime } from '../../components/formatters';
import { SentimentBadge } from '../../components/SentimentBadge';
import { HiddenMarker } from '../../moderation/HiddenContent';
import { hiddenView } from '../../moderation/hiddenView';

/** A flagged discussion's marker in lists (the detail page shows the full banner with the reason). */
export function FlaggedMarker() {
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-red-300 bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-200">
      <ShieldAlert aria-hidden="true" className="size-3.5" />
      Flagged
    </span>
  );
}

/**
 * One row of the discussions list; the whole row opens the discussion, named by its title. `withClass`
 * names its class too, for lists that are not grouped by class (the mentor's dashboard).
 */
export function DiscussionListItem({ discussion, withClass = false }: { discussion: Discussion; withClass?: boolean }) {
  const { user } = useAuth();
  // Hidden: others get the notice as its title (muted, so it does not read as one); author and admins a marker.
  const view = hiddenView(discussion, discussion.author._id, user);
  return (
    <article className="relative flex gap-3 px-4 py-4 transition-colors hover:bg-slate-50 sm:gap-4 sm:px-5 dark:hover:bg-slate-800/50">
      <Avatar name={discussion.author.name} picture={discussion.author.profilePicture} className="size-10 text-sm" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-col gap-1.5 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
          <h3
            className={`min-w-0 text-base break-words ${view === 'notice' ? 'font-medium text-slate-500 italic dark:text-slate-400' : 'font-semibold text-slate-900 dark:text-white'}`}
          >
            <Link
              to={`/discussions/${discussion._id}`}
              className="rounded after:absolute after:inset-0 after:rounded-none hover:text-indigo-700 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-indigo-600 dark:hover:text-indigo-300 dark:focus-visible:after:outline-indigo-400"
            >
              {discussion.title}
            </Link>
          </h3>
          <div className="flex shrink-0 flex-wrap items-center gap-1.5">
            {(view === 'author' || view === 'admin') && <HiddenMarker />}
            {discussion.moderation.flagged && <FlaggedMarker />}
            {view !== 'notice' && <SentimentBadge sentiment={discussion.sentiment} />}
          </div>
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
          <span className="font-medium text-slate-700 dark:text-slate-300">{discussion.author.name}</span>
          {withClass && (
            <span className="inline-flex min-w-0 items-start gap-1">
              <BookOpen aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
              <span className="min-w-0 break-words">{discussion.classId.title}</span>
            </span>
          )}
          <span className="inline-flex items-center gap-1">
            <CalendarDays aria-hidden="true" className="size-3.5" />
            <time dateTime={discussion.createdAt} title={formatDateTime(discussion.createdAt)}>
              {formatDate(discussion.createdAt)}
            </time>
          </span>
          <span className="inline-flex items-center gap-1">
            <MessageSquare aria-hidden="true" className="size-3.5" />
            {countLabel(discussion.replyCount, 'reply', 'replies')}
          </span>
        </p>
      </div>
    </article>
  );
}
