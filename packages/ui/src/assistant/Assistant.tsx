import { CHAT } from '@mentora/contract';
import { Bot } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { focusRing } from '../components/styles';
import { ChatPanel } from './ChatPanel';
import { useConversation } from './useConversation';
import { useMediaQuery } from './useMediaQuery';

/** SPEC.md section 4: the chat fills the screen up to 768 px wide. */
export const MOBILE_QUERY = `(max-width: ${CHAT.mobileBreakpointPx}px)`;

/** The launcher button and the panel, with the conversation that outlives closing the panel. */
export function Assistant() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const mobile = useMediaQuery(MOBILE_QUERY);
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

  return (
    <>
      {liveRegion}
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
        className={`fixed right-4 bottom-4 z-40 inline-flex size-14 items-center justify-center rounded-full bg-indigo-600 text-white shadow-lg shadow-indigo-600/30 transition-transform hover:scale-105 hover:bg-indigo-700 motion-reduce:transition-none motion-reduce:hover:scale-100 sm:right-6 sm:bottom-6 dark:shadow-black/40 ${focusRing}`}
      >
        <Bot aria-hidden="true" className="size-7" />
        {conversation.busy && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 size-3 animate-pulse rounded-full bg-emerald-400 ring-2 ring-white motion-reduce:animate-none dark:ring-slate-950"
          />
        )}
      </button>
    </>
  );
}
