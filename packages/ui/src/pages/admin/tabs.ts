import { ADMIN_TABS, DEFAULT_ADMIN_TAB } from '@mentora/contract';

export type AdminTab = (typeof ADMIN_TABS)[number];

export const TAB_LABELS: Record<AdminTab, string> = {
  mentors: 'Mentors',
  learners: 'Learners',
  admins: 'Admins',
  classes: 'Classes',
  discussions: 'Discussions',
  moderation: 'Moderation',
  audit: 'Audit log',
};

const isTab = (value: string | null): value is AdminTab =>
  value !== null && (ADMIN_TABS as readonly string[]).includes(value);

/** The tab a `?tab=` value names; Classes (SPEC.md section 9) when it names none. */
export function tabFrom(value: string | null): AdminTab {
  return isTab(value) ? value : DEFAULT_ADMIN_TAB;
}

/** The tab an arrow, Home or End key moves to from `current` (wrapping around), or null for other keys. */
export function tabAfterKey(current: AdminTab, key: string): AdminTab | null {
  const index = ADMIN_TABS.indexOf(current);
  const last = ADMIN_TABS.length - 1;
  const next =
    key === 'ArrowRight'
      ? index === last
        ? 0
        : index + 1
      : key === 'ArrowLeft'
        ? index === 0
          ? last
          : index - 1
        : key === 'Home'
          ? 0
          : key === 'End'
            ? last
            : null;
  return next === null ? null : (ADMIN_TABS[next] ?? null);
}
