import {
  type AdminUser,
  type ImposeSanctionRequest,
  MESSAGES,
  MODERATION_REASON_MAX,
  SANCTION_DAYS,
  SANCTION_TEXT,
  type SanctionKind,
} from '@mentora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useApi } from '../../api/ApiContext';
import { errorMessage } from '../../api/errors';
import { ErrorAlert } from '../../components/Alert';
import { Dialog } from '../../components/Dialog';
import { FieldShell, TextField } from '../../components/FormField';
import { formatDateTime } from '../../components/formatters';
import { SegmentedControl } from '../../components/SegmentedControl';
import { Spinner } from '../../components/Spinner';
import { buttonDanger, buttonPrimary, buttonSecondary, fieldLabel, inputField } from '../../components/styles';
import { SANCTION_FIELDS } from './moderation/labels';
import { adminKeys } from './queries';

const KIND_OPTIONS: { value: SanctionKind; label: string }[] = [
  { value: 'warn', label: 'Warn' },
  { value: 'silence', label: 'Silence' },
  { value: 'suspend', label: 'Suspend' },
];

/** What each kind does, under the choice: the admin picks knowing the consequence. */
const KIND_HINTS: Record<SanctionKind, string> = {
  warn: 'They get a notification with your message. Nothing else changes.',
  silence: 'They can still sign in and read, but cannot post, reply, review or report until it ends.',
  suspend: 'They are signed out everywhere and cannot sign in until it ends.',
};

export const DAYS_INVALID = `Days must be a whole number from ${SANCTION_DAYS.min} to ${SANCTION_DAYS.max}`;
export const REASON_REQUIRED = 'Write the message: the person reads it';

const sanctionPath = (user: AdminUser) => `/users/${encodeURIComponent(user._id)}/sanctions`;

interface PersonDialogProps {
  user: AdminUser | null;
  onClose: () => void;
}

/** Warn, silence or suspend one person (POST /users/{id}/sanctions). */
export function SanctionDialog({ user, onClose }: PersonDialogProps) {
  return (
    <Dialog
      open={user !== null}
      onClose={onClose}
      title={user ? `Sanction ${user.name}` : ''}
      description="The reason is shown to them, with the end date, on every action the sanction refuses."
      size="md"
    >
      {user && <SanctionForm key={user._id} user={user} onDone={onClose} />}
    </Dialog>
  );
}

function SanctionForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<SanctionKind>('warn');
  const [days, setDays] = useState('7');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [showErrors, setShowErrors] = useState(false);

  const impose = useMutation({
    mutationFn: (body: ImposeSanctionRequest) => api.post(sanctionPath(user), body),
    onSuccess: async (_answer, body) => {
      toast.success(MESSAGES.sanctions.imposed(body.kind, user.name));
      onDone();
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });

  const dayCount = Number(days);
  const timed = kind !== 'warn';
  const daysError =
    timed && !(Number.isInteger(dayCount) && dayCount >= SANCTION_DAYS.min && dayCount <= SANCTION_DAYS.max)
      ? DAYS_INVALID
      : undefined;
  const reasonError =
    reason.trim() === ''
      ? REASON_REQUIRED
      : reason.length > SANCTION_TEXT.reasonMax
        ? `The message can be at most ${SANCTION_TEXT.reasonMax} characters`
        : undefined;
  const noteError =
    note.length > MODERATION_REASON_MAX
      ? `The private reason can be at most ${MODERATION_REASON_MAX} characters`
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (impose.isPending) return;
    if (daysError || reasonError || noteError) {
      setShowErrors(true);
      return;
    }
    const body: ImposeSanctionRequest = { kind, reason: reason.trim() };
    if (timed) body.days = dayCount;
    if (note.trim() !== '') body.note = note.trim();
    impose.mutate(body);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-busy={impose.isPending || undefined}>
      <div>
        <p className={fieldLabel} aria-hidden="true">
          Kind
        </p>
        <SegmentedControl legend="Kind" options={KIND_OPTIONS} value={kind} onChange={setKind} />
        <p className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">{KIND_HINTS[kind]}</p>
      </div>
      {user.sanction && kind !== 'warn' && (
        <p className="rounded-lg bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-100">
          {user.name} is {user.sanction.kind === 'silence' ? 'silenced' : 'suspended'} until{' '}
          {formatDateTime(user.sanction.endsAt)} already.
        </p>
      )}
      {timed && (
        <TextField
          label="Days"
          type="number"
          inputMode="numeric"
          min={SANCTION_DAYS.min}
          max={SANCTION_DAYS.max}
          step={1}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          hint={`From ${SANCTION_DAYS.min} to ${SANCTION_DAYS.max}.`}
          error={showErrors ? daysError : undefined}
          className="sm:max-w-40"
        />
      )}
      <FieldShell
        label={SANCTION_FIELDS.message}
        error={showErrors ? reasonError : undefined}
        hint={SANCTION_FIELDS.messageHint}
      >
        {({ id, describedBy }) => (
          <textarea
            id={id}
            rows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-describedby={describedBy}
            aria-invalid={showErrors && reasonError ? true : undefined}
            className={`${inputField} resize-y`}
          />
        )}
      </FieldShell>
      <FieldShell
        label={SANCTION_FIELDS.note}
        error={showErrors ? noteError : undefined}
        hint={SANCTION_FIELDS.noteHint}
      >
        {({ id, describedBy }) => (
          <textarea
            id={id}
            rows={2}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            aria-describedby={describedBy}
            aria-invalid={showErrors && noteError ? true : undefined}
            className={`${inputField} resize-y`}
          />
        )}
      </FieldShell>
      {impose.isError && <ErrorAlert>{errorMessage(impose.error, MESSAGES.sanctions.imposeFailed)}</ErrorAlert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={buttonSecondary} disabled={impose.isPending} onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className={kind === 'warn' ? buttonPrimary : buttonDanger} disabled={impose.isPending}>
          {impose.isPending && <Spinner className="size-4" />}
          {KIND_OPTIONS.find((option) => option.value === kind)?.label} {user.name}
        </button>
      </div>
    </form>
  );
}

/** Ends a silence or suspension early (DELETE /users/{id}/sanctions/{sid}), after confirming; the reason is optional. */
export function LiftSanctionDialog({ user, onClose }: PersonDialogProps) {
  const sanction = user?.sanction ?? null;
  const what = sanction?.kind === 'silence' ? 'silence' : 'suspension';
  return (
    <Dialog
      open={user !== null && sanction !== null}
      onClose={onClose}
      title={`Lift the ${what}?`}
      description={
        user && sanction
          ? `${user.name} is ${sanction.kind === 'silence' ? 'silenced' : 'suspended'} until ${formatDateTime(sanction.endsAt)}: ${sanction.reason}`
          : undefined
      }
      role="alertdialog"
    >
      {user && sanction && <LiftForm key={sanction._id} user={user} sanctionId={sanction._id} onDone={onClose} />}
    </Dialog>
  );
}

function LiftForm({ user, sanctionId, onDone }: { user: AdminUser; sanctionId: string; onDone: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const lift = useMutation({
    mutationFn: (body: { reason?: string }) =>
      api.delete(`${sanctionPath(user)}/${encodeURIComponent(sanctionId)}`, { data: body }),
    onSuccess: async () => {
      toast.success(MESSAGES.sanctions.lifted);
      onDone();
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (lift.isPending) return;
    lift.mutate(reason.trim() === '' ? {} : { reason: reason.trim() });
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <FieldShell label={SANCTION_FIELDS.note} hint={SANCTION_FIELDS.noteHint}>
        {({ id, describedBy }) => (
          <textarea
            id={id}
            rows={2}
            maxLength={SANCTION_TEXT.reasonMax}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-describedby={describedBy}
            className={`${inputField} resize-y`}
          />
        )}
      </FieldShell>
      {lift.isError && <ErrorAlert>{errorMessage(lift.error, MESSAGES.sanctions.liftFailed)}</ErrorAlert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={buttonSecondary} disabled={lift.isPending} onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className={buttonPrimary} disabled={lift.isPending}>
          {lift.isPending && <Spinner className="size-4" />}
          Lift the {user.sanction?.kind === 'silence' ? 'silence' : 'suspension'}
        </button>
      </div>
    </form>
  );
}
