import type { ClassItem } from '@mentora/contract';
import { Radio, Star } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { formatRating, reviewCountLabel } from '../../components/rating';
import { StarRatingDisplay } from '../../components/StarRating';
import { textLink } from '../../components/styles';
import type { ClassActions } from './classActions';
import { badge, CATEGORY_LABELS, categoryBadge, STATUS_BADGE, STATUS_LABELS } from './format';

/** The class page's top: its badges, title, mentor and rating, with the way to its reviews. */
export function ClassHeader({
  cls,
  isEnrolled,
  can,
}: {
  cls: ClassItem;
  isEnrolled: boolean;
  can: Pick<ClassActions, 'isCreator' | 'isOwner'>;
}) {
  return (
    <header className="mt-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className={categoryBadge}>{CATEGORY_LABELS[cls.category]}</span>
        <span className={`${badge} ${STATUS_BADGE[cls.status]}`}>
          <span className="sr-only">Status: </span>
          {STATUS_LABELS[cls.status]}
        </span>
        {cls.live && (
          <span
            className={`${badge} bg-red-50 text-red-800 ring-red-200 dark:bg-red-500/15 dark:text-red-200 dark:ring-red-500/30`}
          >
            <Radio aria-hidden="true" className="size-3" />
            Live now
          </span>
        )}
        {isEnrolled && !can.isOwner && (
          <span
            className={`${badge} bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-500/15 dark:text-emerald-200 dark:ring-emerald-500/30`}
          >
            Enrolled
          </span>
        )}
      </div>
      <h1 className="mt-3 text-3xl font-bold tracking-tight break-words text-slate-900 sm:text-4xl dark:text-white">
        {cls.title}
      </h1>
      <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <Avatar name={cls.mentor.name} picture={cls.mentor.profilePicture} className="size-8 text-xs" />
          <span>
            Mentor <span className="font-semibold text-slate-900 dark:text-white">{cls.mentor.name}</span>
            {can.isCreator && <span className="text-slate-600 dark:text-slate-400"> (you)</span>}
          </span>
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <StarRatingDisplay value={cls.rating} count={cls.reviewCount} />
          {cls.rating !== null && cls.reviewCount > 0 ? (
            <span>
              <span className="font-semibold text-slate-900 dark:text-white">{formatRating(cls.rating)}</span> ·{' '}
              {reviewCountLabel(cls.reviewCount)}
            </span>
          ) : (
            <span>No ratings yet</span>
          )}
          <Link to={`/classes/${cls._id}/reviews`} className={`${textLink} inline-flex items-center gap-1`}>
            <Star aria-hidden="true" className="size-3.5" />
            Reviews
          </Link>
        </p>
      </div>
    </header>
  );
}
