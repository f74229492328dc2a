import { MESSAGES, type Review, type User } from '@mentora/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, LogIn, MessageSquareText, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useApi } from '../../api/ApiContext';
import { errorMessage, errorStatus } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { RetryAlert } from '../../components/Alert';
import { Avatar } from '../../components/Avatar';
import { formatDate } from '../../components/formatters';
import { formatRating, hasRating, reviewCountLabel } from '../../components/rating';
import { Spinner } from '../../components/Spinner';
import { StarRatingDisplay } from '../../components/StarRating';
import { buttonPrimary, buttonSecondary, card, textLink } from '../../components/styles';
import { HiddenBanner, HiddenNotice } from '../../moderation/HiddenContent';
import { hiddenView } from '../../moderation/hiddenView';
import { ReportMenu } from '../../moderation/ReportMenu';
import { reviewKeys, useClassDetail } from '../classes/queries';
import { ReviewForm } from './ReviewForm';

function Shell({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">{children}</div>;
}

/**
 * /classes/{classId}/reviews has no guard (SPEC.md section 2), but every reviews call needs a session
 * (API.md). Signed out, the page says so and offers to sign in rather than failing.
 */
export function ReviewsPage() {
  const { classId = '' } = useParams();
  const { status, user } = useAuth();
  if (status === 'loading') {
    return (
      <Shell>
        <div role="status" className="flex min-h-[40vh] items-center justify-center text-slate-600 dark:text-slate-300">
          Loading...
        </div>
      </Shell>
    );
  }
  if (!user) return <SignedOutReviews />;
  return <SignedInReviews classId={classId} user={user} />;
}

function SignedOutReviews() {
  return (
    <Shell>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Reviews</h1>
      <section className={`${card} mt-8 flex flex-col items-center px-6 py-12 text-center`} aria-label="Sign in">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
          <LogIn aria-hidden="true" className="size-6" />
        </span>
        <p className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">Sign in to see this class's reviews</p>
        <p className="mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">
          Reviews are shared with Mentora members. Sign in to read them, or to review a class you are enrolled in.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to="/login" className={buttonPrimary}>
            Sign in
          </Link>
          <Link to="/register" className={buttonSecondary}>
            Create an account
          </Link>
        </div>
      </section>
    </Shell>
  );
}

function SignedInReviews({ classId, user }: { classId: string; user: User }) {
  const api = useApi();
  const path = encodeURIComponent(classId);
  const cls = useClassDetail(classId);
  const reviews = useQuery({
    queryKey: reviewKeys.list(classId),
    queryFn: async ({ signal }) => (await api.get<Review[]>(`/reviews/${path}`, { signal })).data,
  });
  const average = useQuery({
    queryKey: reviewKeys.average(classId),
    queryFn: async ({ signal }) =>
      (await api.get<{ averageRating: number; count: number }>(`/reviews/${path}/average`, { signal })).data,
  });

  const notFound = [cls.error, reviews.error].some((error) => errorStatus(error) === 404);
  if (notFound) {
    return (
      <Shell>
        <div className="mx-auto mt-6 max-w-md text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
            <SearchX aria-hidden="true" className="size-7" />
          </span>
          <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
            {MESSAGES.classDetail.notFound}
          </h1>
          <Link to="/classes" className={`${buttonPrimary} mt-6`}>
            Browse classes
          </Link>
        </div>
      </Shell>
    );
  }

  const list = reviews.data ?? [];
  const mine = list.find((review) => review.user._id === user._id);
  const isClassMentor = cls.data?.mentor._id === user._id;
  const count = average.data?.count ?? 0;
  const rating = average.data?.averageRating;

  return (
    <Shell>
      <Link to={`/classes/${path}`} className={`${textLink} inline-flex items-center gap-1.5 text-sm`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to the class
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Reviews</h1>
      <p className="mt-2 min-h-6 break-words text-slate-600 dark:text-slate-400">
        {cls.data ? (
          <>
            What learners say about{' '}
            <span className="font-semibold text-slate-900 dark:text-white">{cls.data.title}</span>
          </>
        ) : (
          ' '
        )}
      </p>

      <div className="mt-8 grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start xl:grid-cols-[24rem_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6 lg:sticky lg:top-24">
          <section aria-labelledby="average-heading" className={`${card} p-5 sm:p-6`}>
            <h2 id="average-heading" className="text-sm font-medium text-slate-600 dark:text-slate-400">
              Average rating
            </h2>
            {average.isPending ? (
              <div className="mt-3 h-16 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none dark:bg-slate-800" />
            ) : average.isError ? (
              <p className="mt-3 text-sm text-red-700 dark:text-red-300">
                {errorMessage(average.error, MESSAGES.reviews.fetchFailed)}
              </p>
            ) : (
              <div className="mt-2 flex flex-wrap items-end gap-x-4 gap-y-2">
                <p
                  className={
                    hasRating(rating, count)
                      ? 'text-5xl font-bold tracking-tight text-slate-900 dark:text-white'
                      : 'text-xl font-semibold text-slate-900 dark:text-white'
                  }
                  data-testid="average-rating"
                >
                  {formatRating(rating, count)}
                </p>
                <div className="pb-1.5">
                  <StarRatingDisplay value={rating} count={count} starClassName="size-5" />
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" data-testid="review-count">
                    {reviewCountLabel(count)}
                  </p>
                </div>
              </div>
            )}
          </section>

          <section aria-labelledby="review-form-heading" className={`${card} p-5 sm:p-6`}>
            <h2 id="review-form-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
              {mine ? 'Update your review' : 'Write a review'}
            </h2>
            {isClassMentor && (
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                This is your class: mentors cannot review their own classes.
              </p>
            )}
            <ReviewForm key={mine?._id ?? 'new'} classId={classId} mine={mine} />
          </section>
        </div>

        <section aria-labelledby="list-heading" className="min-w-0">
          <h2 id="list-heading" className="sr-only">
            All reviews, newest first
          </h2>
          {reviews.isPending ? (
            <div
              role="status"
              className="flex min-h-40 items-center justify-center text-indigo-600 dark:text-indigo-400"
            >
              <Spinner className="size-6" />
              <span className="sr-only">Loading reviews...</span>
            </div>
          ) : reviews.isError ? (
            <RetryAlert
              message={errorMessage(reviews.error, MESSAGES.reviews.fetchFailed)}
              onRetry={() => void reviews.refetch()}
            />
          ) : list.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-14 text-center dark:border-slate-700">
              <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
                <MessageSquareText aria-hidden="true" className="size-6" />
              </span>
              <p className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">No reviews yet</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                Learners enrolled in this class can be the first to review it.
              </p>
            </div>
          ) : (
            <ol className="space-y-4" aria-label="Reviews, newest first">
              {list.map((review) => (
                <ReviewItem key={review._id} review={review} viewer={user} />
              ))}
            </ol>
          )}
        </section>
      </div>
    </Shell>
  );
}

function ReviewItem({ review, viewer }: { review: Review; viewer: User }) {
  const view = hiddenView(review, review.user._id, viewer);
  return (
    <li className={`${card} p-5 sm:p-6`}>
      <article aria-label={`Review by ${review.user.name}`}>
        <header className="flex flex-wrap items-center gap-3">
          <Avatar name={review.user.name} picture={review.user.profilePicture} />
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-white">
              <span className="break-words">{review.user.name}</span>
              {review.user._id === viewer._id && (
                <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
                  Your review
                </span>
              )}
            </p>
            <time dateTime={review.createdAt} className="text-xs text-slate-600 dark:text-slate-400">
              {formatDate(review.createdAt)}
            </time>
          </div>
          <div className="flex items-center gap-1">
            <StarRatingDisplay value={review.rating} label={`${review.rating} out of 5 stars`} />
            <ReportMenu
              targetType="review"
              targetId={review._id}
              author={review.user}
              subject={`Review by ${review.user.name}`}
              label={`More actions for the review by ${review.user.name}`}
              className="-mr-2"
            />
          </div>
        </header>
        {view === 'notice' ? (
          <HiddenNotice className="mt-3" />
        ) : (
          <>
            <HiddenBanner view={view} className="mt-3" />
            {review.comment.trim() !== '' ? (
              <p className="mt-3 text-sm leading-6 break-words whitespace-pre-line text-slate-700 dark:text-slate-300">
                {review.comment}
              </p>
            ) : (
              <p className="mt-3 text-sm text-slate-600 italic dark:text-slate-400">No comment.</p>
            )}
          </>
        )}
      </article>
    </li>
  );
}
