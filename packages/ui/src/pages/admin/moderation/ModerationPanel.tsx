import {
  MODERATION_SOURCES,
  MODERATION_STATUSES,
  MODERATION_TARGET_TYPES,
  type ModerationAction,
  type ModerationEntry,
  type ModerationStatus,
  REPORT_REASONS,
  type ResolveModerationRequest,
} from '@mentora/contract';
import { Inbox } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FieldShell } from '../../../components/FormField';
import { countLabel } from '../../../components/formatters';
import { SegmentedControl } from '../../../components/SegmentedControl';
import { inputField, textLink } from '../../../components/styles';
import { Empty, FetchFailed, Loading, LoadMore, PanelHeader } from '../ui';
import { type Decision, type DecisionErrors, decisionBody, EMPTY_DECISION } from './decision';
import { REASON_LABELS, SCORE_EXPLAINED, SOURCE_LABELS, STATUS_LABELS, sanctionPhrase, TARGET_LABELS } from './labels';
import { entryName, QueueEntry } from './QueueEntry';
import { type QueueFilters, useModerationQueue, useOpenCount } from './queries';
import { ShortcutsDialog } from './ShortcutsDialog';
import { StatsSection } from './StatsSection';
import { UNDO_MS, useDelayedResolve } from './useDelayedResolve';

/** Enough of the element on screen to read what it is: its top 80 px, or all of it when shorter. */
function inView(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  const shown = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
  return shown >= Math.min(80, box.height) && box.top < window.innerHeight;
}

const STATUS_OPTIONS = MODERATION_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

/** A key typed into a text box, or with a modifier, or inside a dialog, is not a queue shortcut. */
function isShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target instanceof HTMLElement ? event.target : null;
  if (!target) return true;
  if (target.isContentEditable || target.closest('input, textarea, select, [role="dialog"], [role="alertdialog"]')) {
    return false;
  }
  return true;
}

function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T | undefined;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T | undefined) => void;
}) {
  return (
    <FieldShell label={label}>
      {({ id }) => (
        <select
          id={id}
          value={value ?? ''}
          onChange={(event) => onChange((event.target.value || undefined) as T | undefined)}
          className={inputField}
        >
          <option value="">All</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

const labelled = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/**
 * The review queue (issue #24): one entry per reported or flagged item, highest score first, filtered
 * by status, kind, reason and source; dismiss, hide or delete each, with an optional reason and sanction.
 * Worked by keyboard too (j, k, d, h, x, ?); dismiss and hide wait UNDO_MS for an Undo (useDelayedResolve).
 * Below it, the last 30 days: totals, and a chart loaded only when opened.
 */
export function ModerationPanel() {
  const headingId = useId();
  const [filters, setFilters] = useState<QueueFilters>({ status: 'open' });
  const query = useModerationQueue(filters);
  const openCount = useOpenCount(true).data;
  const [selected, setSelected] = useState(0);
  const [decision, setDecision] = useState<Decision>(EMPTY_DECISION);
  const [errors, setErrors] = useState<DecisionErrors>({});
  const [confirm, setConfirm] = useState<{ entry: ModerationEntry; body: ResolveModerationRequest } | null>(null);
  const [showKeys, setShowKeys] = useState(false);
  const entryRefs = useRef(new Map<string, HTMLElement>());

  const onError = useCallback((message: string) => toast.error(message), []);
  const { later, now, undo, waiting, busy } = useDelayedResolve(onError);

  // Entries waiting for their Undo to run out are gone from view (a refetch meanwhile would bring them back).
  const entries = useMemo(
    () => (query.data?.pages.flatMap((page) => page.items) ?? []).filter((entry) => !waiting.has(entry._id)),
    [query.data, waiting],
  );
  const index = Math.min(selected, Math.max(0, entries.length - 1));
  const current = entries[index];

  const select = useCallback(
    (next: number) => {
      const clamped = Math.max(0, Math.min(next, entries.length - 1));
      setSelected(clamped);
      setDecision(EMPTY_DECISION);
      setErrors({});
      const id = entries[clamped]?._id;
      const element = id ? entryRefs.current.get(id) : undefined;
      element?.focus({ preventScroll: true });
      element?.scrollIntoView?.({ block: 'nearest' });
    },
    [entries],
  );

  const act = useCallback(
    (action: ModerationAction, entry: ModerationEntry | undefined = current) => {
      if (entry?.status !== 'open') return;
      // The fields belong to the selected entry: another entry's buttons act without them.
      const result = decisionBody(action, entry._id === current?._id ? decision : EMPTY_DECISION);
      if (result.errors) {
        setErrors(result.errors);
        queueMicrotask(() =>
          entryRefs.current.get(entry._id)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
        );
        return;
      }
      setErrors({});
      if (action === 'delete') {
        setConfirm({ entry, body: result.body });
        return;
      }
      const name = entryName(entry);
      later(entry._id, result.body);
      setDecision(EMPTY_DECISION);
      toast(
        (shown) => (
          <span className="flex items-center gap-3">
            <span>
              {action === 'dismiss' ? 'Dismissed' : 'Hidden'}: {name}
            </span>
            <button
              type="button"
              className={textLink}
              onClick={() => {
                undo(entry._id);
                toast.dismiss(shown.id);
              }}
            >
              Undo
            </button>
          </span>
        ),
        { id: `moderation-undo-${entry._id}`, duration: UNDO_MS },
      );
    },
    [current, decision, later, undo],
  );

  // A key acts on the entry the admin is looking at: one scrolled out of sight, or not the one focus is in
  // (when it is in another entry, or a control outside the queue), is first brought into view and
  // focused, and the next key press acts. Focus on nothing (the page itself) leaves the selected entry's.
  const actOnShown = useCallback(
    (action: ModerationAction) => {
      const element = current ? entryRefs.current.get(current._id) : undefined;
      if (!element) return;
      const focused = document.activeElement;
      const focusHere = !focused || focused === document.body || element.contains(focused);
      if (!inView(element) || !focusHere) {
        select(index);
        return;
      }
      act(action);
    },
    [act, current, index, select],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (confirm || showKeys || !isShortcut(event)) return;
      const handled: Record<string, () => void> = {
        j: () => select(index + 1),
        k: () => select(index - 1),
        d: () => actOnShown('dismiss'),
        h: () => actOnShown('hide'),
        x: () => actOnShown('delete'),
        '?': () => setShowKeys(true),
      };
      const run = handled[event.key];
      if (!run) return;
      event.preventDefault();
      run();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [actOnShown, confirm, index, select, showKeys]);

  const setFilter = (patch: Partial<QueueFilters>) => {
    setFilters((old) => ({ ...old, ...patch }));
    setSelected(0);
    setDecision(EMPTY_DECISION);
    setErrors({});
  };

  return (
    <section aria-labelledby={headingId}>
      <PanelHeader
        id={headingId}
        title="Moderation"
        count={openCount === undefined ? undefined : `${openCount} open`}
        description="Reported and flagged content, highest score first. Press ? for the keyboard shortcuts."
      />
      <p className="-mt-2 mb-4 text-xs text-slate-600 dark:text-slate-400">{SCORE_EXPLAINED}</p>

      {/* Three narrow selects side by side even at 375 px: four stacked rows would push the queue down. */}
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <SegmentedControl<ModerationStatus>
          legend="Status"
          options={STATUS_OPTIONS}
          value={filters.status ?? 'open'}
          onChange={(status) => setFilter({ status })}
        />
        <div className="grid grid-cols-3 gap-2 sm:gap-3 lg:flex-1">
          <FilterSelect
            label="Kind"
            value={filters.targetType}
            options={labelled(MODERATION_TARGET_TYPES, TARGET_LABELS)}
            onChange={(targetType) => setFilter({ targetType })}
          />
          <FilterSelect
            label="Reason"
            value={filters.reason}
            options={labelled(REPORT_REASONS, REASON_LABELS)}
            onChange={(reason) => setFilter({ reason })}
          />
          <FilterSelect
            label="Source"
            value={filters.source}
            options={labelled(MODERATION_SOURCES, SOURCE_LABELS)}
            onChange={(source) => setFilter({ source })}
          />
        </div>
      </div>

      <div className="mt-4">
        {query.isPending ? (
          <Loading what="the review queue" />
        ) : query.isError && !query.data ? (
          <FetchFailed error={query.error} onRetry={() => void query.refetch()} />
        ) : entries.length === 0 ? (
          <Empty icon={Inbox}>
            {filters.status === 'resolved' ? 'No resolved entries match.' : 'Nothing to review: the queue is empty.'}
          </Empty>
        ) : (
          <>
            <p className="sr-only" aria-live="polite">
              {countLabel(entries.length, 'entry', 'entries')} shown
            </p>
            <ol className="space-y-4">
              {entries.map((entry, i) => (
                <li key={entry._id}>
                  <QueueEntry
                    ref={(element) => {
                      if (element) entryRefs.current.set(entry._id, element);
                      else entryRefs.current.delete(entry._id);
                    }}
                    entry={entry}
                    selected={i === index}
                    onSelect={() => {
                      if (i !== index) select(i);
                    }}
                    decision={decision}
                    errors={i === index ? errors : {}}
                    onDecisionChange={setDecision}
                    onAction={(action) => {
                      if (i !== index) select(i);
                      act(action, entry);
                    }}
                    busy={busy && confirm?.entry._id === entry._id}
                  />
                </li>
              ))}
            </ol>
            {query.hasNextPage && (
              <LoadMore
                className="mt-4"
                loading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              />
            )}
          </>
        )}
      </div>

      <ConfirmDialog
        open={confirm !== null}
        title="Delete this content?"
        message={
          confirm ? (
            <>
              “{entryName(confirm.entry)}” will be removed for good
              {confirm.entry.targetType === 'user' ? ' (for a profile: its bio is cleared)' : ''}. This cannot be
              undone.
              {confirm.body.sanction && (
                <> Its author will also be {sanctionPhrase(confirm.body.sanction)}, and told so.</>
              )}
            </>
          ) : null
        }
        confirmLabel="Delete"
        destructive
        busy={busy}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          const { entry, body } = confirm;
          now(entry._id, body, () => {
            setConfirm(null);
            setDecision(EMPTY_DECISION);
            toast.success(`Deleted: ${entryName(entry)}`);
          });
        }}
      />
      {/* After the queue, which is what the tab is for: above it, the month's figures pushed it off a laptop's first screen. */}
      <div className="mt-8">
        <StatsSection />
      </div>
      <ShortcutsDialog open={showKeys} onClose={() => setShowKeys(false)} />
    </section>
  );
}
