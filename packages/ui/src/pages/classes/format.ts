import type { ClassCategory, ClassItem, ClassStatus, ContentType } from '@mentora/contract';
import { countLabel, formatMoney } from '../../components/formatters';

/** "Free" for free classes; otherwise the price in its currency, as the reader's locale writes money ("$19.00"). */
export function formatPrice(cls: Pick<ClassItem, 'isPaid' | 'price' | 'currency'>): string {
  if (!cls.isPaid || cls.price <= 0) return 'Free';
  return formatMoney(cls.price, cls.currency);
}

/** Seats taken and seats in all: "3 / 20", or "3 / no limit". */
export function capacityLabel(cls: Pick<ClassItem, 'studentCount' | 'maxStudents'>): string {
  return `${cls.studentCount} / ${cls.maxStudents ?? 'no limit'}`;
}

export function isFull(cls: Pick<ClassItem, 'studentCount' | 'maxStudents'>): boolean {
  return cls.maxStudents !== null && cls.studentCount >= cls.maxStudents;
}

export function studentCountLabel(count: number): string {
  return countLabel(count, 'student', 'students');
}

export const CATEGORY_LABELS: Record<ClassCategory, string> = {
  programming: 'Programming',
  design: 'Design',
  marketing: 'Marketing',
  business: 'Business',
  'personal development': 'Personal development',
  other: 'Other',
};

export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  live: 'Live session',
  video: 'Video',
  uploadable: 'Uploadable files',
};

export const STATUS_LABELS: Record<ClassStatus, string> = {
  upcoming: 'Upcoming',
  ongoing: 'Ongoing',
  completed: 'Completed',
};

export const STATUS_BADGE: Record<ClassStatus, string> = {
  upcoming: 'bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-500/15 dark:text-sky-200 dark:ring-sky-500/30',
  ongoing:
    'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-500/15 dark:text-emerald-200 dark:ring-emerald-500/30',
  completed: 'bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700',
};

export const badge =
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';
export const categoryBadge = `${badge} bg-indigo-50 text-indigo-700 ring-indigo-200 dark:bg-indigo-500/15 dark:text-indigo-200 dark:ring-indigo-500/30`;
