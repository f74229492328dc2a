import { CHAT } from '@mentora/contract';
import { useMediaQuery } from './useMediaQuery';

/** SPEC.md section 4: the chat fills the screen up to 768 px wide. */
export const MOBILE_QUERY = `(max-width: ${CHAT.mobileBreakpointPx}px)`;

/**
 * Where the assistant's launcher is (issue #37.1: it never covers a control). Where the chat fills the
 * screen, the launcher is a button of the navigation bar, beside search and notifications: a phone's
 * page has no room to spare for a floating button. Wider, it floats in the bottom right corner (SPEC.md
 * section 4), and the layout keeps a column on the right of every page free for it (ASSISTANT_GUTTER).
 */
export type AssistantPlacement = 'bar' | 'corner';

export function useAssistantPlacement(): AssistantPlacement {
  return useMediaQuery(MOBILE_QUERY) ? 'bar' : 'corner';
}

/**
 * The floating launcher (size-14 at right-4, bottom-4: 72 px from the right edge) and the page column it
 * keeps free: the pages' own side padding (24 px from 640 px, 32 px from 1024 px) plus this gutter is at
 * least 80 px, so no page content comes within 8 px of the button.
 */
export const FLOATING_LAUNCHER = 'fixed right-4 bottom-4 size-14';
export const ASSISTANT_GUTTER = 'pr-14';
