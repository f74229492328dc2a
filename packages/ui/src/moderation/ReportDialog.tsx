import {
  MESSAGES,
  type ModerationTargetType,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  type ReportReason,
} from '@mentora/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../api/errors';
import { ErrorAlert } from '../components/Alert';
import { Dialog } from '../components/Dialog';
import { formatDate } from '../components/formatters';
import { Spinner } from '../components/Spinner';
import { buttonPrimary, buttonSecondary, fieldLabel, focusRing, inputField } from '../components/styles';
import { REASON_LABELS } from './reportReasons';
import { useMyReport, useSendReport } from './useReport';

export interface ReportTarget {
  targetType: ModerationTargetType;
  targetId: string;
  /** The dialog's title: "Report discussion", "Report Ada Lovelace's profile". */
  title: string;
  /** What is reported, in a few words, under the title (the discussion's title, "Reply by Ada"). */
  subject?: string;
}

export const REASON_REQUIRED = 'Choose a reason';
export const NOTE_TOO_LONG = `The note can be at most ${REPORT_NOTE_MAX} characters`;

interface ReportDialogProps {
  target: ReportTarget | null;
  onClose: () => void;
}

/** The dialog opened by a report menu item; one per menu, open while `target` is set. */
export function ReportDialog({ target, onClose }: ReportDialogProps) {
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      title={target?.title ?? ''}
      description={target?.subject}
      size="md"
    >
      {/* Keyed by the item: a new target starts with an empty form. */}
      {target && <ReportForm key={`${target.targetType}:${target.targetId}`} target={target} onDone={onClose} />}
    </Dialog>
  );
}

function ReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
  const id = useId();
  const send = useSendReport();
  const earlier = useMyReport(target.targetType, target.targetId).data ?? null;
  const [reason, setReason] = useState<ReportReason | null>(earlier?.reason ?? null);
  const [note, setNote] = useState(earlier?.note ?? '');
  const [showErrors, setShowErrors] = useState(false);
  const firstReason = useRef<HTMLInputElement>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);

  const reasonError = reason === null ? REASON_REQUIRED : null;
  const noteError = note.length > REPORT_NOTE_MAX ? NOTE_TOO_LONG : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    if (reasonError || noteError || reason === null) {
      setShowErrors(true);
      (reasonError ? firstReason : noteField).current?.focus();
      return;
    }
    send.mutate(
      { targetType: target.targetType, targetId: target.targetId, reason, note: note.trim() },
      {
        onSuccess: ({ updated }) => {
          toast.success(updated ? MESSAGES.moderation.reportUpdated : MESSAGES.moderation.reportSent);
          onDone();
        },
      },
    );
  };

  const reasonErrorId = `${id}-reason-error`;
  const noteCountId = `${id}-note-count`;
  const noteErrorId = `${id}-note-error`;
  return (
    <form noValidate onSubmit={submit} aria-busy={send.isPending || undefined}>
      {earlier && (
        <p className="mb-4 rounded-lg bg-slate-100 px-3.5 py-2.5 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          You reported this on {formatDate(earlier.updatedAt)}. Sending again updates your report.
        </p>
      )}
      <fieldset aria-describedby={showErrors && reasonError ? reasonErrorId : undefined}>
        <legend className={fieldLabel}>Why are you reporting this?</legend>
        <div className="mt-1 grid gap-2 sm:grid-cols-2">
          {REPORT_REASONS.map((value, index) => (
            <label
              key={value}
              className={`flex cursor-pointer items-center gap-2.5 rounded-lg border px-3 py-2.5 text-sm transition-colors has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600 dark:has-[:checked]:border-indigo-400 dark:has-[:checked]:bg-indigo-500/15 ${
                showErrors && reasonError
                  ? 'border-red-400 dark:border-red-500/60'
                  : 'border-slate-300 dark:border-slate-700'
              } text-slate-800 dark:text-slate-100`}
            >
              <input
                ref={index === 0 ? firstReason : undefined}
                type="radio"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="size-4 accent-indigo-600 focus:outline-none"
              />
              {REASON_LABELS[value]}
            </label>
          ))}
        </div>
        {showErrors && reasonError && (
          <p id={reasonErrorId} className="mt-1.5 text-sm text-red-700 dark:text-red-300">
            {reasonError}
          </p>
        )}
      </fieldset>

      <div className="mt-5">
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={`${id}-note`} className={fieldLabel}>
            Note <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
          </label>
          <span
            id={noteCountId}
            className={`text-xs tabular-nums ${noteError ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`}
          >
            {note.length}/{REPORT_NOTE_MAX}
          </span>
        </div>
        <textarea
          ref={noteField}
          id={`${id}-note`}
          rows={3}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          placeholder="Anything a moderator should know"
          aria-invalid={showErrors && noteError ? true : undefined}
          aria-describedby={[noteCountId, showErrors && noteError ? noteErrorId : ''].filter(Boolean).join(' ')}
          className={`${inputField} resize-y`}
        />
        {showErrors && noteError && (
          <p id={noteErrorId} className="mt-1.5 text-sm text-red-700 dark:text-red-300">
            {noteError}
          </p>
        )}
      </div>

      {send.isError && (
        <div className="mt-4">
          <ErrorAlert>{errorMessage(send.error, MESSAGES.moderation.reportFailed)}</ErrorAlert>
        </div>
      )}

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={buttonSecondary} disabled={send.isPending} onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className={`${buttonPrimary} ${focusRing}`} disabled={send.isPending}>
          {send.isPending && <Spinner className="size-4" />}
          {send.isPending ? 'Sending...' : 'Send report'}
        </button>
      </div>
    </form>
  );
}
