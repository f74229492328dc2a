import { X } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { iconButton } from './styles';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements of `root` that Tab reaches, in order (hidden ones left out). */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.hasAttribute('hidden') && !element.closest('[hidden],[inert]') && element.tabIndex >= 0,
  );
}

/** What one types into: a dialog with any opens on its first (issue #37.3), not on its close button. */
const FIELD = 'input, textarea, select';

/** Focuses a field with what it holds selected, so typing replaces it (and Ctrl+A stays in the field). */
function focusField(element: HTMLElement): void {
  element.focus();
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) element.select();
}

// Open dialogs, innermost last: only the top one answers Escape and Tab, so dialogs can stack.
const openDialogs: string[] = [];

export interface DialogProps {
  open: boolean;
  /** Escape, a click on the backdrop and the close button ask for this. */
  onClose: () => void;
  title: ReactNode;
  /** A line under the title; it becomes the dialog's accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  /** What gets focus on open; otherwise the first field (its text selected), or the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** While false (e.g. during a request), Escape, the backdrop and the close button do nothing. */
  dismissible?: boolean;
  /** `alertdialog` for confirmations that interrupt (ConfirmDialog). */
  role?: 'dialog' | 'alertdialog';
  /** Panel width from 640 px up; below that the panel spans the screen minus a margin. */
  size?: 'sm' | 'md' | 'lg';
  /** Hide the corner close button (the dialog then needs its own way out, e.g. a Cancel button). */
  hideCloseButton?: boolean;
}

const WIDTHS = { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl' } as const;

/**
 * An accessible modal dialog: role dialog with aria-modal, named by its title, focus moved in on open
 * (to its first field, ready to type over, when it has one) and kept inside (Tab and Shift+Tab wrap), Escape and a backdrop click close it, and focus returns to
 * whatever opened it. The page behind does not scroll while it is open.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  initialFocus,
  dismissible = true,
  role = 'dialog',
  size = 'sm',
  hideCloseButton = false,
}: DialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const panel = useRef<HTMLDivElement>(null);
  // The latest callbacks and settings, read by the listeners without re-running the open effect.
  const latest = useRef({ onClose, dismissible });
  latest.current = { onClose, dismissible };
  const initialFocusRef = useRef(initialFocus);
  initialFocusRef.current = initialFocus;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openDialogs.push(id);
    const isTop = () => openDialogs[openDialogs.length - 1] === id;

    const focusFirst = () => {
      const root = panel.current;
      if (!root) return;
      const items = tabbables(root);
      const target = initialFocusRef.current?.current ?? items.find((item) => item.matches(FIELD)) ?? items[0] ?? root;
      if (target.matches(FIELD)) focusField(target);
      else target.focus();
    };
    focusFirst();

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop() || event.defaultPrevented) return;
      const root = panel.current;
      if (!root) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        if (latest.current.dismissible) latest.current.onClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = tabbables(root);
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        root.focus();
      } else if (!(active instanceof Node) || !root.contains(active) || active === root) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && active === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that escapes anyway (a click on the page behind, a screen reader's own navigation) comes back.
    const onFocusIn = (event: FocusEvent) => {
      const root = panel.current;
      if (!isTop() || !root || !(event.target instanceof Node) || root.contains(event.target)) return;
      focusFirst();
    };

    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      const index = openDialogs.lastIndexOf(id);
      if (index >= 0) openDialogs.splice(index, 1);
      if (openDialogs.length === 0) document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open, id]);

  // A button that held focus and then got disabled (a busy confirm) drops focus to the page: keep it on
  // the dialog, so Escape, Tab and screen readers stay here.
  useEffect(() => {
    const root = panel.current;
    if (!open || !root) return;
    const active = document.activeElement;
    const lost =
      !(active instanceof HTMLElement) ||
      !root.contains(active) ||
      (active instanceof HTMLButtonElement && active.disabled);
    if (lost && openDialogs[openDialogs.length - 1] === id) root.focus();
  });

  if (!open) return null;

  const close = () => {
    if (latest.current.dismissible) latest.current.onClose();
  };

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center overflow-y-auto p-4 sm:items-center sm:p-6">
      {/* The backdrop: a pointer-only way out; keyboard users have Escape and the buttons. */}
      <div
        aria-hidden="true"
        data-testid="dialog-backdrop"
        className="fixed inset-0 bg-slate-950/60 backdrop-blur-[2px]"
        onClick={close}
      />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog, and both take aria-modal */}
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`relative w-full ${WIDTHS[size]} max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl focus:outline-none sm:p-6 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100`}
      >
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
              {title}
            </h2>
            {description && (
              <div id={descriptionId} className="mt-1.5 text-sm text-slate-600 dark:text-slate-300">
                {description}
              </div>
            )}
          </div>
          {!hideCloseButton && (
            <button
              type="button"
              aria-label="Close"
              className={`${iconButton} -mt-2 -mr-2 shrink-0`}
              disabled={!dismissible}
              onClick={close}
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          )}
        </div>
        {children && <div className="mt-5">{children}</div>}
      </div>
    </div>,
    document.body,
  );
}
