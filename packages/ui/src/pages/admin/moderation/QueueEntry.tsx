import type { ModerationAction, ModerationEntry } from '@mentora/contract';
import { EyeOff, Flag, ShieldAlert } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { countLabel, formatDateTime, relativeTime } from '../../../components/formatters';
import { focusRing, textLink } from '../../../components/styles';
import { Badge, smallButtonDanger, smallButtonSecondary } from '../ui';
import { DecisionFields } from './DecisionFields';
import type { Decision, DecisionErrors } from './decision';
import { ACTION_DONE, ACTION_LABELS, REASON_LABELS, SCORE_EXPLAINED, TARGET_LABELS } from './labels';

interface QueueEntryProps {
  entry: ModerationEntry;
  selected: boolean;
  onSelect: () => void;
  /** The selected entry's reason and sanction; only the selected entry shows the fields. */
  decision: Decision;
  errors: DecisionErrors;
  onDecisionChange: (decision: Decision) => void;
  onAction: (action: ModerationAction) => void;
  busy: boolean;
  ref?: Ref<HTMLElement>;
}

/** The name an entry goes by in buttons, toasts and dialogs. */
export function entryName(entry: ModerationEntry): string {
  const text = entry.target?.title || entry.target?.content || TARGET_LABELS[entry.targetType];
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0">
      <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{title}</h4>
      <div className="mt-1.5 text-sm text-slate-800 dark:text-slate-200">{children}</div>
    </section>
  );
}

/**
 * One queue entry: the content in its context with a link to it, every report, the author's record,
 * and (open ones) the three actions. Clicking it selects it, as j and k do.
 */
export function QueueEntry({
  entry,
  selected,
  onSelect,
  decision,
  errors,
  onDecisionChange,
  onAction,
  busy,
  ref,
}: QueueEntryProps) {
  const { target, author } = entry;
  const name = entryName(entry);
  const history = author?.history;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: j and k select from the keyboard; the click is a shortcut for the mouse.
    <article
      ref={ref}
      tabIndex={-1}
      aria-current={selected ? 'true' : undefined}
      aria-label={`${TARGET_LABELS[entry.targetType]}: ${name}`}
      onClick={onSelect}
      className={`rounded-2xl border bg-white p-4 shadow-sm sm:p-5 dark:bg-slate-900 ${focusRing} ${
        selected
          ? 'border-indigo-500 ring-2 ring-indigo-500/30 dark:border-indigo-400'
          : 'border-slate-200 dark:border-slate-800'
      }`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="slate">{TARGET_LABELS[entry.targetType]}</Badge>
        {entry.autoFlag && (
          <Badge tone={entry.autoFlag.severe ? 'red' : 'amber'} icon={ShieldAlert}>
            {entry.autoFlag.severe ? 'Severe flag' : 'Flagged'}
            {entry.autoFlag.reason ? `: ${entry.autoFlag.reason}` : ''}
          </Badge>
        )}
        {entry.reports.length > 0 && (
          <Badge tone="red" icon={Flag}>
            {countLabel(entry.reports.length, 'report', 'reports')}
          </Badge>
        )}
        {entry.hidden && (
          <Badge tone="slate" icon={EyeOff}>
            Hidden
          </Badge>
        )}
        <span className="ml-auto text-xs text-slate-600 dark:text-slate-400">
          <span title={SCORE_EXPLAINED}>Score {Math.round(entry.score)}</span> · opened {relativeTime(entry.createdAt)}
        </span>
      </div>

      <h3 className="mt-3 text-base font-semibold break-words text-slate-900 dark:text-white">{name}</h3>
      {target ? (
        <div className="mt-1 space-y-2">
          <p className="text-xs text-slate-600 dark:text-slate-400">
            By {target.author.name}
            {target.context && <> · in {target.context.title}</>} · {formatDateTime(target.createdAt)} ·{' '}
            <Link to={target.link} className={textLink} onClick={(event) => event.stopPropagation()}>
              Open in context
            </Link>
          </p>
          {target.content && (
            <blockquote className="max-h-40 overflow-y-auto rounded-lg border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-800 dark:border-slate-600 dark:bg-slate-800/60 dark:text-slate-200">
              {target.content}
            </blockquote>
          )}
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">The content is gone (deleted).</p>
      )}

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Section title="Reports">
          {entry.reports.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-400">None: the automatic check flagged it.</p>
          ) : (
            <ul className="space-y-1.5">
              {entry.reports.map((report) => (
                <li key={report._id} className="break-words">
                  <span className="font-medium">{REASON_LABELS[report.reason]}</span> by {report.reporter.name},{' '}
                  {relativeTime(report.createdAt)}
                  {report.note && <span className="block text-slate-600 dark:text-slate-400">“{report.note}”</span>}
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title={author ? `History of ${author.name}` : 'Author'}>
          {!history ? (
            <p className="text-slate-600 dark:text-slate-400">The account is gone.</p>
          ) : (
            <>
              <p>
                {countLabel(history.openCount, 'open entry', 'open entries')} · {history.resolved.dismiss} dismissed ·{' '}
                {history.resolved.hide} hidden · {history.resolved.delete} deleted
              </p>
              {history.recent.length > 0 && (
                <ul className="mt-1 space-y-0.5 text-slate-600 dark:text-slate-400">
                  {history.recent.map((item) => (
                    <li key={item.entryId}>
                      {ACTION_DONE[item.action]} ({TARGET_LABELS[item.targetType].toLowerCase()}),{' '}
                      {relativeTime(item.resolvedAt)}
                      {item.reason && `: ${item.reason}`}
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </Section>
      </div>

      {entry.resolution && (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          {ACTION_DONE[entry.resolution.action]} by {entry.resolution.by.name}, {formatDateTime(entry.resolution.at)}
          {entry.resolution.reason && `: ${entry.resolution.reason}`}
        </p>
      )}

      {entry.status === 'open' && (
        <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
          {selected && <DecisionFields decision={decision} errors={errors} onChange={onDecisionChange} />}
          <div className={`flex flex-wrap gap-2 ${selected ? 'mt-3' : ''}`}>
            {(['dismiss', 'hide', 'delete'] as const).map((action) => (
              <button
                key={action}
                type="button"
                disabled={busy}
                aria-label={`${ACTION_LABELS[action]} ${name}`}
                aria-keyshortcuts={selected ? { dismiss: 'd', hide: 'h', delete: 'x' }[action] : undefined}
                onClick={(event) => {
                  event.stopPropagation();
                  onAction(action);
                }}
                className={action === 'delete' ? smallButtonDanger : smallButtonSecondary}
              >
                {ACTION_LABELS[action]}
              </button>
            ))}
          </div>
        </div>
      )}
    </article>
  );
}
