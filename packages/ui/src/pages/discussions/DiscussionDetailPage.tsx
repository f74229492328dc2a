import { type Discussion, type DiscussionReply, MESSAGES, type User } from '@mentora/contract';
import { ArrowLeft, BookOpen, MessagesSquare, Trash2 } from 'lucide-react';
import { memo, type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage, errorStatus } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { isAdmin, isMentor } from '../../auth/roles';
import { ErrorAlert } from '../../components/Alert';
import { Avatar } from '../../components/Avatar';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { countLabel, formatDate, formatDateTime } from '../../components/formatters';
import { LoadMore } from '../../components/LoadMore';
import { ModerationBanner } from '../../components/ModerationBanner';
import { SentimentBadge } from '../../components/SentimentBadge';
import { buttonPrimary, buttonSecondary, card, focusRing, lazyListItem, textLink } from '../../components/styles';
import { useDeferredArrival } from '../../components/useDeferredArrival';
import { HiddenBanner, HiddenNotice } from '../../moderation/HiddenContent';
import { hiddenView } from '../../moderation/hiddenView';
import { ReportMenu } from '../../moderation/ReportMenu';
import { useClassInfo, useDeleteDiscussion, useDiscussion, useForgetDiscussion, usePostReply } from './queries';
import { ReplyForm } from './ReplyForm';

/**
 * Replies rendered at first, and added per "Load more": a discussion with a thousand replies would
 * otherwise keep the page busy for seconds on a phone before it answers a tap.
 */
const REPLIES_PER_PAGE = 100;

/** Not shown in SPEC.md section 8; the server's own message is used whenever it sends one. */
const DELETE_FAILED = 'Failed to delete discussion';

function loadError(error: unknown): string {
  if (errorStatus(error) === 404) return MESSAGES.discussionDetail.notFound;
  return errorMessage(error, MESSAGES.discussionDetail.loadFailed);
}

function replyError(error: unknown): string {
  if (errorStatus(error) === 403) return errorMessage(error, MESSAGES.discussionDetail.mustEnrolToReply);
  return errorMessage(error, MESSAGES.discussionDetail.replyFailed);
}

function Byline({ name, picture, date }: { name: string; picture?: string | undefined; date: string }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={name} picture={picture} className="size-10 text-sm" />
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">{name}</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          <time dateTime={date} title={formatDateTime(date)}>
            {formatDate(date)}
          </time>
        </p>
      </div>
    </div>
  );
}

/** User text exactly as written: line breaks kept, never interpreted as HTML. */
function PlainText({ text, className = '' }: { text: string; className?: string }) {
  return (
    <p
      className={`text-base leading-7 break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200 ${className}`}
    >
      {text}
    </p>
  );
}

// Memoized: a reply does not change once written, and the page re-renders its list for other reasons.
// The viewer is passed in (not read from context) so that memo still skips unchanged replies.
const ReplyItem = memo(function ReplyItem({ reply, viewer }: { reply: DiscussionReply; viewer: User | null }) {
  const view = hiddenView(reply, reply.author._id, viewer);
  return (
    <li className={`${card} p-4 sm:p-5 ${lazyListItem}`}>
      <article aria-label={`Reply by ${reply.author.name}`}>
        <div className="flex items-start justify-between gap-3">
          <Byline name={reply.author.name} picture={reply.author.profilePicture} date={reply.createdAt} />
          <div className="flex items-center gap-1">
            {view !== 'notice' && <SentimentBadge sentiment={reply.sentiment} />}
            <ReportMenu
              targetType="reply"
              targetId={reply._id}
              author={reply.author}
              subject={`Reply by ${reply.author.name}`}
              label={`More actions for the reply by ${reply.author.name}`}
              className="-mt-1 -mr-2"
            />
          </div>
        </div>
        {view === 'notice' ? (
          <HiddenNotice className="mt-3" />
        ) : (
          <>
            <HiddenBanner view={view} className="mt-3" />
            <ModerationBanner moderation={reply.moderation} className="mt-3" />
            <PlainText text={reply.content} className="mt-3 text-sm leading-6" />
          </>
        )}
      </article>
    </li>
  );
});

function DetailSkeleton() {
  return (
    <div aria-hidden="true" className={`${card} space-y-4 p-5 sm:p-8`}>
      <div className="h-4 w-40 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
      <div className="h-8 w-3/4 animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
      <div className="flex gap-3">
        <div className="size-10 animate-pulse rounded-full bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
        <div className="h-10 w-40 animate-pulse rounded bg-slate-100 motion-reduce:animate-none dark:bg-slate-800/70" />
      </div>
      <div className="h-24 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none dark:bg-slate-800/70" />
    </div>
  );
}

function DiscussionView({ discussion }: { discussion: Discussion }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const reply = usePostReply(discussion._id);
  const [shownReplies, setShownReplies] = useState(REPLIES_PER_PAGE);
  const remove = useDeleteDiscussion(discussion._id);
  const forget = useForgetDiscussion();
  const [confirming, setConfirming] = useState(false);

  const mine = user?._id === discussion.author._id;
  const view = hiddenView(discussion, discussion.author._id, user);
  const admin = isAdmin(user?.role);
  // Only a mentor can be this class's mentor; ask for the class only when that decides the delete button.
  const classInfo = useClassInfo(discussion.classId._id, !mine && !admin && isMentor(user?.role));
  const canDelete = mine || admin || (user !== null && isMentor(user.role) && classInfo.data?.mentor._id === user._id);

  const confirmDelete = () => {
    remove.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirming(false);
        toast.success(answer?.message || MESSAGES.server.discussionDeleted);
        navigate(`/discussions?classId=${encodeURIComponent(discussion.classId._id)}`, { replace: true });
        window.setTimeout(() => forget(discussion._id), 0);
      },
    });
  };

  return (
    <>
      <article aria-labelledby="discussion-title" className={`${card} p-5 sm:p-8`}>
        <Link
          to={`/classes/${discussion.classId._id}`}
          className={`inline-flex max-w-full items-center gap-1.5 rounded-full bg-indigo-50 px-3 py-1 text-xs font-semibold text-indigo-800 hover:bg-indigo-100 dark:bg-indigo-500/15 dark:text-indigo-200 dark:hover:bg-indigo-500/25 ${focusRing}`}
        >
          <BookOpen aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="sr-only">Class: </span>
          <span className="truncate">{discussion.classId.title}</span>
        </Link>
        <h1
          id="discussion-title"
          className={
            view === 'notice'
              ? 'mt-4 text-2xl font-semibold tracking-tight break-words text-slate-500 italic sm:text-3xl dark:text-slate-400'
              : 'mt-4 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl dark:text-white'
          }
        >
          {discussion.title}
        </h1>
        <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
          <Byline
            name={discussion.author.name}
            picture={discussion.author.profilePicture}
            date={discussion.createdAt}
          />
          <div className="flex items-center gap-2">
            {view !== 'notice' && <SentimentBadge sentiment={discussion.sentiment} />}
            {canDelete && (
              <button
                type="button"
                className={`inline-flex items-center gap-1.5 rounded-lg border border-red-200 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 transition-colors hover:bg-red-50 dark:border-red-500/40 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-500/10 ${focusRing}`}
                onClick={() => {
                  remove.reset();
                  setConfirming(true);
                }}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Delete
              </button>
            )}
            <ReportMenu
              targetType="discussion"
              targetId={discussion._id}
              author={discussion.author}
              subject={view === 'notice' ? `Discussion by ${discussion.author.name}` : `“${discussion.title}”`}
              label="More actions for this discussion"
            />
          </div>
        </div>
        {view === 'notice' ? (
          <HiddenNotice className="mt-6" />
        ) : (
          <>
            <HiddenBanner view={view} className="mt-6" />
            <ModerationBanner moderation={discussion.moderation} className="mt-6" />
            <PlainText text={discussion.content} className="mt-6" />
          </>
        )}
      </article>

      <section aria-labelledby="replies-heading" className="mt-10">
        <h2 id="replies-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Replies <span className="font-normal text-slate-600 dark:text-slate-400">({discussion.replies.length})</span>
        </h2>
        {discussion.replies.length === 0 ? (
          <p className="mt-4 rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
            No replies yet. Be the first to reply.
          </p>
        ) : (
          <>
            <ol className="mt-4 space-y-3">
              {discussion.replies.slice(0, shownReplies).map((item) => (
                <ReplyItem key={item._id} reply={item} viewer={user} />
              ))}
            </ol>
            {discussion.replies.length > shownReplies && (
              <LoadMore loading={false} onClick={() => setShownReplies((shown) => shown + REPLIES_PER_PAGE)} />
            )}
          </>
        )}
      </section>

      {/* Hidden from this viewer: what they cannot read they cannot answer (the server agrees). */}
      {view !== 'notice' && (
        <section aria-labelledby="reply-form-heading" className={`${card} mt-8 p-5 sm:p-6`}>
          <h2 id="reply-form-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Add a reply
          </h2>
          <div className="mt-4">
            <ReplyForm
              label="Your reply"
              hideLabel
              placeholder="Share your thoughts or an answer..."
              send={async (content) => {
                const updated = await reply.mutateAsync(content);
                // The new reply is the last one: show every reply up to it.
                setShownReplies(Number.POSITIVE_INFINITY);
                return updated;
              }}
              pending={reply.isPending}
              error={reply.isError ? replyError(reply.error) : null}
            />
          </div>
        </section>
      )}

      <ConfirmDialog
        open={confirming}
        title="Delete this discussion?"
        message={`“${discussion.title}” and its ${countLabel(discussion.replies.length, 'reply', 'replies')} will be removed for everyone. This cannot be undone.`}
        confirmLabel="Delete discussion"
        busyLabel="Deleting..."
        destructive
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, DELETE_FAILED) : null}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

export function DiscussionDetailPage() {
  const { id = '' } = useParams();
  const discussion = useDiscussion(id);
  // The discussion and its first hundred replies are rendered in the background, in slices, when they
  // first arrive (the skeleton stays meanwhile).
  const shown = useDeferredArrival(discussion.data);

  let body: ReactNode;
  if (discussion.isPending || (discussion.data !== undefined && shown === undefined)) {
    body = (
      <>
        <h1 className="sr-only">Discussion</h1>
        <p role="status" className="sr-only">
          Loading discussion
        </p>
        <DetailSkeleton />
      </>
    );
  } else if (discussion.isError && !discussion.data) {
    const status = errorStatus(discussion.error);
    const notFound = status === 404;
    const retryable = status === undefined || status >= 500;
    body = (
      <div className={`${card} px-6 py-12 text-center`}>
        <span className="mx-auto inline-flex size-12 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
          <MessagesSquare aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">
          {notFound ? MESSAGES.discussionDetail.notFound : 'Discussion unavailable'}
        </h1>
        {!notFound && (
          <div className="mx-auto mt-4 max-w-md text-left">
            <ErrorAlert>{loadError(discussion.error)}</ErrorAlert>
          </div>
        )}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {retryable && (
            <button type="button" className={buttonSecondary} onClick={() => void discussion.refetch()}>
              Try again
            </button>
          )}
          <Link to="/discussions" className={buttonPrimary}>
            Back to discussions
          </Link>
        </div>
      </div>
    );
  } else if (shown) {
    body = <DiscussionView discussion={shown} />;
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <nav aria-label="Breadcrumb" className="mb-6">
        <Link to="/discussions" className={`${textLink} inline-flex items-center gap-1.5 text-sm`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          All discussions
        </Link>
      </nav>
      {body}
    </div>
  );
}
