import type { ClassItem } from '@mentora/contract';
import { CalendarDays, Radio, Star, Users } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../components/formatters';
import { formatRating, hasRating } from '../../components/rating';
import { card, focusRing } from '../../components/styles';
import { CATEGORY_LABELS, categoryBadge, formatPrice, studentCountLabel } from './format';

/**
 * One class in the list: title (the link; the whole card is its click target), description clamped to
 * three lines, mentor, student count, created date and rating to one decimal or 'No ratings yet'.
 * Memoized: the catalogue re-renders while its query settles, and an unchanged class has nothing new to show.
 */
export const ClassCard = memo(function ClassCard({ cls }: { cls: ClassItem }) {
  const rated = hasRating(cls.rating);
  return (
    <article
      className={`${card} group relative flex h-full flex-col p-5 transition-shadow focus-within:shadow-md hover:shadow-md hover:ring-1 hover:ring-indigo-200 dark:hover:ring-indigo-500/40`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className={categoryBadge}>{CATEGORY_LABELS[cls.category]}</span>
        {cls.live && (
          <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200 ring-inset dark:bg-red-500/15 dark:text-red-200 dark:ring-red-500/30">
            <Radio aria-hidden="true" className="size-3" />
            Live now
          </span>
        )}
        <span className="ml-auto text-xs font-semibold text-slate-700 dark:text-slate-300">{formatPrice(cls)}</span>
      </div>
      <h2 className="mt-3 text-lg leading-snug font-semibold text-slate-900 dark:text-white">
        <Link
          to={`/classes/${cls._id}`}
          className={`rounded after:absolute after:inset-0 after:rounded-2xl after:content-[''] group-hover:text-indigo-700 dark:group-hover:text-indigo-300 ${focusRing}`}
        >
          {cls.title}
        </Link>
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">by {cls.mentor.name}</p>
      <p className="mt-3 line-clamp-3 text-sm leading-6 break-words text-slate-700 dark:text-slate-300">
        {cls.description}
      </p>
      <div className="mt-auto pt-5">
        <dl className="flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-200 pt-4 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
          <div className="flex items-center gap-1.5">
            <dt>
              <Users aria-hidden="true" className="size-4" />
              <span className="sr-only">Students</span>
            </dt>
            <dd>{studentCountLabel(cls.studentCount)}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt>
              <CalendarDays aria-hidden="true" className="size-4" />
              <span className="sr-only">Created</span>
            </dt>
            <dd>
              <time dateTime={cls.createdAt}>{formatDate(cls.createdAt)}</time>
            </dd>
          </div>
          <div className="flex items-center gap-1.5 sm:ml-auto">
            <dt>
              <Star
                aria-hidden="true"
                className={`size-4 ${rated ? 'fill-amber-400 text-amber-500 dark:fill-amber-300 dark:text-amber-300' : ''}`}
              />
              <span className="sr-only">Rating</span>
            </dt>
            <dd className={rated ? 'font-semibold text-slate-800 dark:text-slate-200' : ''}>
              {formatRating(cls.rating)}
            </dd>
          </div>
        </dl>
      </div>
    </article>
  );
});
