import { ADMIN_TABS } from '@mentora/contract';
import {
  BookOpen,
  GraduationCap,
  type LucideIcon,
  MessagesSquare,
  ScrollText,
  ShieldAlert,
  ShieldCheck,
  ShieldUser,
  Users,
} from 'lucide-react';
import { type ComponentType, type KeyboardEvent, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { focusRing } from '../../components/styles';
import { AdminsPanel } from './AdminsPanel';
import { AuditLogPanel } from './AuditLogPanel';
import { ClassesPanel } from './ClassesPanel';
import { DiscussionsPanel } from './DiscussionsPanel';
import { LearnersPanel } from './LearnersPanel';
import { MentorsPanel } from './MentorsPanel';
import { ModerationPanel } from './moderation/ModerationPanel';
import { useOpenCount } from './moderation/queries';
import { type AdminTab, TAB_LABELS, tabAfterKey, tabFrom } from './tabs';

const TAB_ICONS: Record<AdminTab, LucideIcon> = {
  mentors: GraduationCap,
  learners: Users,
  admins: ShieldUser,
  classes: BookOpen,
  discussions: MessagesSquare,
  moderation: ShieldAlert,
  audit: ScrollText,
};

const PANELS: Record<AdminTab, ComponentType> = {
  mentors: MentorsPanel,
  learners: LearnersPanel,
  admins: AdminsPanel,
  classes: ClassesPanel,
  discussions: DiscussionsPanel,
  moderation: ModerationPanel,
  audit: AuditLogPanel,
};

/**
 * The admin dashboard (SPEC.md sections 2 and 6): mentors, learners, classes and discussions, one tab each,
 * the admins (so one can be demoted), the review queue of reported and flagged content (issue #24) and
 * the audit log of what admins did.
 * The tab lives in the URL (?tab=), so a reload or a shared link opens the same one; Classes by default.
 * The tabs follow the WAI-ARIA tabs pattern: one tab stop, arrow keys (and Home, End) move and select.
 */
export function AdminPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = tabFrom(searchParams.get('tab'));
  const baseId = useId();
  const tabRefs = useRef(new Map<AdminTab, HTMLButtonElement>());
  const tabId = (tab: AdminTab) => `${baseId}-tab-${tab}`;
  const panelId = (tab: AdminTab) => `${baseId}-panel-${tab}`;

  const select = (tab: AdminTab) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', tab);
        return next;
      },
      { replace: true },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabAfterKey(selected, event.key);
    if (!next) return;
    event.preventDefault();
    select(next);
    tabRefs.current.get(next)?.focus();
  };

  const Panel = PANELS[selected];
  // The review queue's open entries, on its tab whichever tab is open (kept current by the live event).
  const openCount = useOpenCount(true).data;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <p className="inline-flex items-center gap-1.5 rounded-full bg-indigo-50 px-3 py-1 text-xs font-semibold text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
        <ShieldCheck aria-hidden="true" className="size-3.5" />
        Administrator
      </p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Admin dashboard
      </h1>
      <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">
        Verify mentors and keep Mentora safe: remove accounts, classes and discussions that do not belong here. Every
        such action is recorded in the audit log.
      </p>

      <div
        role="tablist"
        aria-label="Admin sections"
        className="mt-8 grid grid-cols-3 gap-1 overflow-x-auto rounded-xl border border-slate-200 bg-slate-100 p-1 md:flex dark:border-slate-800 dark:bg-slate-900"
      >
        {ADMIN_TABS.map((tab) => {
          const Icon = TAB_ICONS[tab];
          const isSelected = tab === selected;
          return (
            <button
              key={tab}
              ref={(element) => {
                if (element) tabRefs.current.set(tab, element);
                else tabRefs.current.delete(tab);
              }}
              type="button"
              role="tab"
              id={tabId(tab)}
              aria-selected={isSelected}
              aria-controls={panelId(tab)}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => select(tab)}
              onKeyDown={onKeyDown}
              className={`inline-flex flex-1 shrink-0 items-center justify-center gap-2 rounded-lg px-2 py-2 text-sm sm:px-3 font-medium whitespace-nowrap transition-colors ${focusRing} ${
                isSelected
                  ? 'bg-white text-indigo-700 shadow-sm dark:bg-slate-800 dark:text-indigo-200'
                  : 'text-slate-700 hover:bg-white/60 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800/60 dark:hover:text-white'
              }`}
            >
              <Icon aria-hidden="true" className="hidden size-4 sm:block" />
              {TAB_LABELS[tab]}
              {tab === 'moderation' && !!openCount && (
                <>
                  <span
                    aria-hidden="true"
                    className="rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white tabular-nums"
                  >
                    {openCount > 99 ? '99+' : openCount}
                  </span>
                  <span className="sr-only">({openCount} open)</span>
                </>
              )}
            </button>
          );
        })}
      </div>

      {/* Every panel exists (so each tab's aria-controls points somewhere); only the selected one has content. */}
      {ADMIN_TABS.map((tab) => (
        <div
          key={tab}
          role="tabpanel"
          id={panelId(tab)}
          aria-labelledby={tabId(tab)}
          hidden={tab !== selected}
          tabIndex={tab === selected ? 0 : undefined}
          className="mt-6 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400"
        >
          {tab === selected && <Panel />}
        </div>
      ))}
    </div>
  );
}
