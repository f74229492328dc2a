import type { ClassItem } from '@mentora/contract';
import {
  CalendarClock,
  CalendarDays,
  CircleDollarSign,
  ExternalLink as ExternalLinkIcon,
  FileText,
  type LucideIcon,
  Radio,
  Users,
  Video,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { ExternalLink } from '../../components/ExternalLink';
import { formatDateTime } from '../../components/formatters';
import { card, textLink } from '../../components/styles';
import { CONTENT_TYPE_LABELS, capacityLabel, formatPrice } from './format';

function Fact({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="relative min-h-9 min-w-0 pl-12">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
        <span className="absolute top-0 left-0 inline-flex size-9 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
          <Icon aria-hidden="true" className="size-4" />
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 text-sm font-medium break-words text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function TextBlock({ title, text }: { title: string; text: string }) {
  if (text.trim() === '') return null;
  return (
    <div>
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
      <p className="mt-2 text-sm leading-6 break-words whitespace-pre-line text-slate-700 dark:text-slate-300">
        {text}
      </p>
    </div>
  );
}

/**
 * What the class is: its description, facts and tags, then what to prepare when the mentor said. The
 * mentor's note on materials shows here only to those who do not see the class's files; members read
 * it in the Materials card, above the files, so materials are one section (ClassMaterialsCard).
 */
export function ClassAbout({ cls, materialsInCard = false }: { cls: ClassItem; materialsInCard?: boolean }) {
  const materialsNote = materialsInCard ? '' : cls.materials;
  return (
    <>
      <section aria-labelledby="about-heading" className={`${card} space-y-6 p-5 sm:p-6`}>
        <h2 id="about-heading" className="sr-only">
          About this class
        </h2>
        <p className="text-base leading-7 break-words whitespace-pre-line text-slate-800 dark:text-slate-200">
          {cls.description}
        </p>
        <dl className="grid gap-5 border-t border-slate-200 pt-6 sm:grid-cols-2 dark:border-slate-800">
          <Fact icon={CalendarClock} label="Schedule">
            {cls.schedule.trim() || 'Not set'}
          </Fact>
          <Fact icon={CalendarDays} label="Start date">
            {cls.startDate ? <time dateTime={cls.startDate}>{formatDateTime(cls.startDate)}</time> : 'Not set'}
          </Fact>
          <Fact icon={CircleDollarSign} label="Price">
            {formatPrice(cls)}
          </Fact>
          <Fact icon={Users} label="Students">
            {capacityLabel(cls)}
          </Fact>
          <Fact
            icon={cls.contentType === 'live' ? Radio : cls.contentType === 'video' ? Video : FileText}
            label="Format"
          >
            {CONTENT_TYPE_LABELS[cls.contentType]}
          </Fact>
          {cls.contentUrl !== '' && (
            <Fact icon={ExternalLinkIcon} label="Content">
              <ExternalLink href={cls.contentUrl} className={`${textLink} inline-flex items-center gap-1 break-all`}>
                Open class content
                <span className="sr-only"> (opens in a new tab)</span>
              </ExternalLink>
            </Fact>
          )}
        </dl>
        {cls.tags.length > 0 && (
          <div className="border-t border-slate-200 pt-6 dark:border-slate-800">
            <h2 className="text-base font-semibold text-slate-900 dark:text-white">Tags</h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {cls.tags.map((tag) => (
                <li
                  key={tag}
                  className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                >
                  #{tag}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      {(cls.prerequisites.trim() !== '' || materialsNote.trim() !== '') && (
        <section
          className={`${card} grid gap-6 p-5 sm:p-6 ${materialsNote.trim() !== '' && cls.prerequisites.trim() !== '' ? 'sm:grid-cols-2' : ''}`}
          aria-label="Preparation"
        >
          <TextBlock title="Prerequisites" text={cls.prerequisites} />
          <TextBlock title="Materials" text={materialsNote} />
        </section>
      )}
    </>
  );
}
