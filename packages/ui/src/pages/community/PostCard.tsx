import { type CommunityPost, type CommunityReply, MESSAGES, type User } from '@mentora/contract';
import { Heart, MessageSquare, Trash2 } from 'lucide-react';
import { memo, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { isAdmin } from '../../auth/roles';
import { Avatar } from '../../components/Avatar';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { countLabel } from '../../components/formatters';
import { ModerationBanner } from '../../components/ModerationBanner';
import { SentimentBadge } from '../../components/SentimentBadge';
import { iconButton } from '../../components/styles';
import { When } from '../../components/When';
import { HiddenBanner, HiddenNotice } from '../../moderation/HiddenContent';
import { hiddenView } from '../../moderation/hiddenView';
import { ReportMenu } from '../../moderation/ReportMenu';
import { ReplyForm } from '../discussions/ReplyForm';
import { LikeButton } from './LikeButton';
import { CATEGORY_LABELS } from './posts';
import { useDeletePost, usePostReply, useToggleLike } from './queries';

const CATEGORY_CLASSES: Record<CommunityPost['category'], string> = {
  general: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  question: 'bg-sky-50 text-sky-800 dark:bg-sky-500/15 dark:text-sky-200',
  announcement: 'bg-amber-50 text-amber-800 dark:bg-amber-500/15 dark:text-amber-200',
  help: 'bg-violet-50 text-violet-800 dark:bg-violet-500/15 dark:text-violet-200',
};

function ReplyItem({ reply, viewer }: { reply: CommunityReply; viewer: User | null }) {
  const view = hiddenView(reply, reply.author._id, viewer);
  return (
    <li className="flex gap-3">
      <Avatar name={reply.author.name} picture={reply.author.profilePicture} className="size-8 text-xs" />
      <div className="min-w-0 flex-1 rounded-xl bg-slate-50 px-3.5 py-2.5 dark:bg-slate-800/60">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="text-sm">
            <span className="font-semibold text-slate-900 dark:text-white">{reply.author.name}</span>
            <span className="text-slate-600 dark:text-slate-400">
              {' · '}
              <When iso={reply.createdAt} />
            </span>
          </p>
          <div className="flex items-center gap-1">
            {view !== 'notice' && <SentimentBadge sentiment={reply.sentiment} />}
            <ReportMenu
              targetType="postReply"
              targetId={reply._id}
              author={reply.author}
              subject={`Reply by ${reply.author.name}`}
              label={`More actions for the reply by ${reply.author.name}`}
              className="-my-1 -mr-2"
            />
          </div>
        </div>
        {view === 'notice' ? (
          <HiddenNotice className="mt-2" />
        ) : (
          <>
            <HiddenBanner view={view} className="mt-2" />
            <ModerationBanner moderation={reply.moderation} className="mt-2" />
            <p className="mt-1.5 text-sm leading-6 break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200">
              {reply.content}
            </p>
          </>
        )}
      </div>
    </li>
  );
}

/** One post of the feed: who and when, what, its sentiment, likes, replies and a reply box. */
interface PostCardProps {
  post: CommunityPost;
  /** Called once the post is deleted (the card is about to go): the page moves focus somewhere sensible. */
  onDeleted?: () => void;
}

/**
 * Memoized: the feed re-renders for reasons of its own (its query's fetch state, the page settling) and
 * a card whose post and callback are unchanged has nothing new to show. With twenty cards, each such
 * re-render was a long task on a slow phone.
 */
export const PostCard = memo(function PostCard({ post, onDeleted }: PostCardProps) {
  const { user } = useAuth();
  const titleId = useId();
  const userId = user?._id ?? '';
  const like = useToggleLike(post._id, userId);
  const reply = usePostReply(post._id);
  const remove = useDeletePost(post._id, (answer) => {
    toast.success(answer?.message || MESSAGES.server.postDeleted);
    onDeleted?.();
  });
  const [confirming, setConfirming] = useState(false);
  // Set on click, before React re-renders the button as disabled: two clicks can never send two toggles.
  const liking = useRef(false);

  const liked = userId !== '' && post.likes.includes(userId);
  const canDelete = user !== null && (post.author._id === user._id || isAdmin(user.role));
  const view = hiddenView(post, post.author._id, user);

  const toggleLike = () => {
    if (liking.current || !userId) return;
    liking.current = true;
    like.mutate(undefined, {
      onError: (error) => toast.error(errorMessage(error, MESSAGES.community.likeFailed)),
      onSettled: () => {
        liking.current = false;
      },
    });
  };

  const confirmDelete = () => remove.mutate();

  return (
    <article
      id={`post-${post._id}`}
      aria-labelledby={titleId}
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="flex items-start gap-3">
        <Avatar name={post.author.name} picture={post.author.profilePicture} className="size-10 text-sm" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">{post.author.name}</p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
            <When iso={post.createdAt} />
            <span className={`rounded-full px-2 py-0.5 font-semibold ${CATEGORY_CLASSES[post.category]}`}>
              <span className="sr-only">Category: </span>
              {CATEGORY_LABELS[post.category]}
            </span>
          </p>
        </div>
        {view !== 'notice' && <SentimentBadge sentiment={post.sentiment} className="mt-0.5" />}
        {canDelete && (
          <button
            type="button"
            aria-label="Delete post"
            title="Delete post"
            className={`${iconButton} -mt-1 -mr-2 hover:text-red-700 dark:hover:text-red-300`}
            onClick={() => {
              remove.reset();
              setConfirming(true);
            }}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        )}
        <ReportMenu
          targetType="post"
          targetId={post._id}
          author={post.author}
          subject={view === 'notice' ? `Post by ${post.author.name}` : `“${post.title}”`}
          label={`More actions for the post by ${post.author.name}`}
          className="-mt-1 -mr-2"
        />
      </header>

      {view === 'notice' ? (
        <>
          {/* The notice is the post's title too (the server replaced both): named by it, shown once. */}
          <h2 id={titleId} className="sr-only">
            {post.title}
          </h2>
          <HiddenNotice className="mt-4" />
        </>
      ) : (
        <>
          <h2 id={titleId} className="mt-4 text-lg font-semibold break-words text-slate-900 dark:text-white">
            {post.title}
          </h2>
          <HiddenBanner view={view} className="mt-3" />
          <ModerationBanner moderation={post.moderation} className="mt-3" />
          <p className="mt-2 leading-7 break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200">
            {post.content}
          </p>
        </>
      )}

      {post.tags.length > 0 && (
        <ul aria-label="Tags" className="mt-4 flex flex-wrap gap-1.5">
          {post.tags.map((tag) => (
            <li
              key={tag}
              className="rounded-md bg-indigo-50 px-2 py-0.5 text-xs font-medium break-all text-indigo-800 dark:bg-indigo-500/15 dark:text-indigo-200"
            >
              #{tag}
            </li>
          ))}
        </ul>
      )}

      <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        {/* Hidden from this viewer: what they cannot read they cannot like or answer (the server agrees). */}
        {view === 'notice' ? (
          <span className="inline-flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
            <Heart aria-hidden="true" className="size-4" />
            {countLabel(post.likes.length, 'like', 'likes')}
          </span>
        ) : (
          <LikeButton liked={liked} count={post.likes.length} pending={like.isPending} onToggle={toggleLike} />
        )}
        <span className="inline-flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
          <MessageSquare aria-hidden="true" className="size-4" />
          {countLabel(post.replies.length, 'reply', 'replies')}
        </span>
      </div>

      {post.replies.length > 0 && (
        <ol aria-label={`Replies to ${post.title}`} className="mt-4 space-y-3">
          {post.replies.map((item) => (
            <ReplyItem key={item._id} reply={item} viewer={user} />
          ))}
        </ol>
      )}

      {view !== 'notice' && (
        <div className="mt-4">
          <ReplyForm
            label={`Reply to ${post.title}`}
            hideLabel
            placeholder="Write a reply..."
            submitLabel="Reply"
            rows={1}
            inline
            send={(content) => reply.mutateAsync(content)}
            pending={reply.isPending}
            error={reply.isError ? errorMessage(reply.error, MESSAGES.community.replyFailed) : null}
          />
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        title="Delete this post?"
        message={`“${post.title}” and its ${countLabel(post.replies.length, 'reply', 'replies')} will be removed for everyone. This cannot be undone.`}
        confirmLabel="Delete post"
        busyLabel="Deleting..."
        destructive
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, MESSAGES.community.deleteFailed) : null}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </article>
  );
});
