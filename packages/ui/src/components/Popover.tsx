import { type ReactNode, useId } from 'react';
import { usePopover } from './usePopover';

interface PopoverProps {
  /** The button's accessible name. */
  label: string;
  /** What the button shows, which may turn with the popover (a chevron). */
  button: (open: boolean) => ReactNode;
  buttonClassName: string;
  /** The positioning context the panel is placed against. */
  className: string;
  panelClassName: string;
  /** A panel with its own heading is a section named by it; a plain menu is a div. */
  labelledBy?: string;
  /** The panel's content; `close` is for its items that act without leaving the page. */
  children: (close: () => void) => ReactNode;
}

/**
 * A button and the panel it shows below it (the account menu, the notifications). The panel stays in the
 * page while hidden, so aria-controls always points at it; it closes as usePopover says.
 */
export function Popover({
  label,
  button,
  buttonClassName,
  className,
  panelClassName,
  labelledBy,
  children,
}: PopoverProps) {
  const { open, setOpen, container, button: buttonRef } = usePopover();
  const panelId = useId();
  const Panel = labelledBy ? 'section' : 'div';
  return (
    <div className={className} ref={container}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {button(open)}
      </button>
      <Panel id={panelId} hidden={!open} aria-labelledby={labelledBy} className={panelClassName}>
        {children(() => setOpen(false))}
      </Panel>
    </div>
  );
}
