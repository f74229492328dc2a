import { Bot } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { focusRing, iconButton } from '../components/styles';
import { ChatPanel } from './ChatPanel';
import { FLOATING_LAUNCHER, useAssistantPlacement } from './placement';
import { useConversation } from './useConversation';

/**
 * The launcher button and the panel, with the conversation that outlives closing the panel. On a phone
 * the launcher goes into the navigation bar's `slot` (placement.ts); elsewhere it floats in the corner.
 */
export function Assistant({ slot }: { slot: HTMLElement | null }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const placement = useAssistantPlacement();
  const mobile = placement === 'bar';
  const conversation = useConversation(opened);
  const launcher = useRef<HTMLButtonElement>(null);
  // Focus goes back to the launcher after Escape or the close button, not after following a link.
  const refocus = useRef(false);

  useEffect(() => {
    if (!open && refocus.current) {
      refocus.current = false;
      launcher.current?.focus();
    }
  }, [open]);

  // Full screen on a phone: the page behind does not scroll.
  useEffect(() => {
    if (!open || !mobile) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [open, mobile]);

  // New answers are announced from here, so one that finishes while the panel is closed is heard too.
  const liveRegion = (
    <div aria-live="polite" className="sr-only">
      {conversation.announcement}
    </div>
  );

  if (open) {
    return (
      <>
        {liveRegion}
        <ChatPanel
          mobile={mobile}
          conversation={conversation}
          onClose={({ followedLink }) => {
            // A link followed on a wide screen keeps the chat open beside the new page.
            if (followedLink && !mobile) return;
            refocus.current = !followedLink;
            setOpen(false);
          }}
        />
      </>
    );
  }

  const inBar = mobile && slot !== null;
  const launcherButton = (
    <button
      ref={launcher}
      type="button"
      aria-label="Open the assistant"
      aria-haspopup="dialog"
      title="Ask the assistant"
      onClick={() => {
        setOpened(true);
        setOpen(true);
      }}
      className={
        inBar
          ? `${iconButton} relative`
          : `${FLOATING_LAUNCHER} z-40 inline-flex items-center justify-center rounded-full bg-indigo-600 text-white shadow-lg shadow-indigo-600/30 transition-transform hover:scale-105 hover:bg-indigo-700 motion-reduce:transition-none motion-reduce:hover:scale-100 dark:shadow-black/40 ${focusRing}`
      }
    >
      <Bot aria-hidden="true" className={inBar ? 'size-5' : 'size-7'} />
      {conversation.busy && (
        <span
          aria-hidden="true"
          className={`absolute rounded-full bg-emerald-400 ring-2 ring-white motion-safe:animate-pulse dark:ring-slate-950 ${inBar ? 'top-1.5 right-1.5 size-2.5' : 'top-1 right-1 size-3'}`}
        />
      )}
    </button>
  );

  return (
    <>
      {liveRegion}
      {inBar ? createPortal(launcherButton, slot) : launcherButton}
    </>
  );
}
