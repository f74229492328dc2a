import { Dialog } from '../../../components/Dialog';

/** The queue's keys, for the ? dialog and the hint under the filters. */
export const SHORTCUTS = [
  { keys: 'j', does: 'Next entry' },
  { keys: 'k', does: 'Previous entry' },
  { keys: 'd', does: 'Dismiss: keep the content (undo for 5 seconds)' },
  { keys: 'h', does: 'Hide the content (undo for 5 seconds)' },
  { keys: 'x', does: 'Delete the content (asks first)' },
  { keys: '?', does: 'Show these shortcuts' },
] as const;

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Keyboard shortcuts"
      description="In the review queue, when no text box has the focus."
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.map(({ keys, does }) => (
          <div key={keys} className="contents">
            <dt>
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
                {keys}
              </kbd>
            </dt>
            <dd className="text-slate-700 dark:text-slate-300">{does}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
