import { type CreateReviewRequest, LIMITS, MESSAGES, RATING, type Review } from '@mentora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { useApi } from '../../api/ApiContext';
import { errorMessage, errorStatus } from '../../api/errors';
import { ErrorAlert } from '../../components/Alert';
import { FieldShell } from '../../components/FormField';
import { SilenceGate } from '../../components/SilenceGate';
import { Spinner } from '../../components/Spinner';
import { StarRatingInput } from '../../components/StarRating';
import { buttonPrimary, inputField, textLink } from '../../components/styles';
import { classKeys, reviewKeys } from '../classes/queries';

interface ReviewFormProps {
  classId: string;
  /** The signed-in person's review of this class, if they wrote one: the form starts from it. */
  mine?: Review;
}

/**
 * Rating (1-5, default 5) and comment. Shown to everyone signed in (SPEC.md section 6); the server accepts
 * only learners enrolled in the class, and its answer is shown as it is.
 */
export function ReviewForm({ classId, mine }: ReviewFormProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState<number>(mine?.rating ?? RATING.default);
  const [comment, setComment] = useState(mine?.comment ?? '');

  const submit = useMutation({
    mutationFn: async (body: CreateReviewRequest) => (await api.post<Review>('/reviews', body)).data,
    onSuccess: async () => {
      toast.success(MESSAGES.reviews.success);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.all(classId) }),
        // The class's rating shows in the lists and on its page.
        queryClient.invalidateQueries({ queryKey: classKeys.all }),
      ]);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.isPending) return;
    submit.mutate({ rating, comment: comment.trim(), classId });
  };

  const failure = submit.isError ? errorMessage(submit.error, MESSAGES.reviews.submitFailed) : null;
  const notEnrolled =
    submit.isError && errorStatus(submit.error) === 403 && failure === MESSAGES.server.reviewEnrolledOnly;

  return (
    <SilenceGate>
      <form className="mt-4 space-y-5" onSubmit={onSubmit}>
        {mine && (
          <p className="flex gap-2 rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2.5 text-sm text-indigo-900 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-100">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            You reviewed this class; submitting again replaces your review.
          </p>
        )}
        <StarRatingInput label="Your rating" value={rating} onChange={setRating} disabled={submit.isPending} />
        <FieldShell label="Comment (optional)" hint="What worked for you, and what could be better?">
          {({ id, describedBy }) => (
            <textarea
              id={id}
              name="comment"
              rows={4}
              maxLength={LIMITS.comment.max}
              aria-describedby={describedBy}
              className={`${inputField} resize-y`}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
          )}
        </FieldShell>
        {failure && (
          <ErrorAlert>
            <p>{failure}</p>
            {notEnrolled && (
              <p className="mt-1">
                <Link
                  to={`/classes/${encodeURIComponent(classId)}`}
                  className={`${textLink} text-red-900 dark:text-red-100`}
                >
                  Open the class to enrol
                </Link>
              </p>
            )}
          </ErrorAlert>
        )}
        <button type="submit" className={`${buttonPrimary} w-full`} disabled={submit.isPending}>
          {submit.isPending && <Spinner className="size-4" />}
          {submit.isPending ? 'Submitting...' : mine ? 'Replace my review' : 'Submit review'}
        </button>
      </form>
    </SilenceGate>
  );
}
