import { type ReactNode, useRef } from 'react';
import { ErrorAlert } from './Alert';
import { Dialog } from './Dialog';
import { Spinner } from './Spinner';
import { buttonDanger, buttonPrimary, buttonSecondary } from './styles';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button's text while busy, e.g. 'Deleting...'. */
  busyLabel?: string;
  /** Red confirm button, and the safe choice (Cancel) gets focus first. */
  destructive?: boolean;
  /** The confirmed action is running: both buttons are disabled and the dialog cannot be dismissed. */
  busy?: boolean;
  /** Why the action failed, shown inside the dialog so the person can retry or cancel. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?" before unenrolling, deleting a class or deleting a post (SPEC.md section 8). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  busyLabel,
  destructive = false,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={message}
      role="alertdialog"
      dismissible={!busy}
      hideCloseButton
      initialFocus={destructive ? cancel : confirm}
    >
      {error && (
        <div className="mb-4">
          <ErrorAlert>{error}</ErrorAlert>
        </div>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button ref={cancel} type="button" className={buttonSecondary} disabled={busy} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          ref={confirm}
          type="button"
          className={destructive ? buttonDanger : buttonPrimary}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={onConfirm}
        >
          {busy && <Spinner className="size-4" />}
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
