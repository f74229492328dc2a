import { CHAT, LIMITS } from '@mentora/contract';
import { Bot, SendHorizontal, Trash2, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../api/errors';
import { ErrorAlert } from '../components/Alert';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { tabbables } from '../components/Dialog';
import { Spinner } from '../components/Spinner';
import { focusRing, textLink } from '../components/styles';
import { Markdown } from './Markdown';
import { PROVIDER_LABELS, useAssistantStatus } from './queries';
import type { ChatLine, useConversation } from './useConversation';

const SUGGESTIONS = [
  'Which classes teach design?',
  'What should I learn next?',
  'When is my next session?',
  'How do I start a discussion?',
];

/** Icon buttons on the indigo header: white, with a white focus ring that shows on indigo. */
const headerButton =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-white transition-colors hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent';

/** The textarea grows with its text up to this height, then scrolls. */
const MAX_INPUT_HEIGHT_PX = 160;

interface ChatPanelProps {
  mobile: boolean;
  conversation: ReturnType<typeof useConversation>;
  onClose: (how: { followedLink: boolean }) => void;
}

function TypingIndicator() {
  return (
    <span role="status" className="inline-flex items-center gap-1 py-1.5" aria-label="The assistant is typing">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          aria-hidden="true"
          style={{ animationDelay: `${delay}ms` }}
          className="size-2 animate-bounce rounded-full bg-slate-400 motion-reduce:animate-none dark:bg-slate-500"
        />
      ))}
    </span>
  );
}

function Message({ line, onNavigate }: { line: ChatLine; onNavigate: () => void }) {
  if (line.role === 'user') {
    return (
      <li className="flex justify-end">
        <div className="max-w-[85%] rounded-2xl rounded-br-md bg-indigo-600 px-3.5 py-2 text-sm leading-6 whitespace-pre-wrap break-words text-white">
          <span className="sr-only">You: </span>
          <span>{line.content}</span>
        </div>
      </li>
    );
  }
  return (
    <li className="flex items-end gap-2">
      <span
        aria-hidden="true"
        className="mb-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200"
      >
        <Bot className="size-4" />
      </span>
      <div
        className={`max-w-[85%] min-w-0 rounded-2xl rounded-bl-md px-3.5 py-2 text-sm leading-6 ${
          line.state === 'error'
            ? 'border border-red-200 bg-red-50 text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200'
            : 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100'
        }`}
      >
        <span className="sr-only">Assistant: </span>
        {line.state === 'waiting' ? (
          <TypingIndicator />
        ) : line.state === 'error' ? (
          <p>{line.content}</p>
        ) : (
          <Markdown source={line.content} onNavigate={onNavigate} />
        )}
      </div>
    </li>
  );
}

/** The open chat: a floating panel 500 px high, or the whole screen on a phone (SPEC.md sections 4 and 9). */
/** The dot beside the provider: green only for the online model; the offline assistant is not "online" (issue #37.15). */
const PROVIDER_DOTS = { gemini: 'bg-emerald-300', offline: 'bg-amber-300', unknown: 'bg-indigo-300' } as const;

export function ChatPanel({ mobile, conversation, onClose }: ChatPanelProps) {
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  const panel = useRef<HTMLElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState('');
  const [confirmingClear, setConfirmingClear] = useState(false);
  // After clearing, the clear button is disabled: the message field takes the focus instead.
  const focusInputNext = useRef(false);
  const status = useAssistantStatus(true);
  const { lines, busy, canSend, historyLoading, historyFailed, retryHistory, send, clear } = conversation;
  const blank = draft.trim() === '';

  useEffect(() => {
    input.current?.focus();
  }, []);

  // Runs after the dialog has handed focus back to its opener.
  useEffect(() => {
    if (!confirmingClear && focusInputNext.current) {
      focusInputNext.current = false;
      input.current?.focus();
    }
  }, [confirmingClear]);

  // The newest message in view: on open, and as pieces of an answer arrive.
  const lastLength = lines.length > 0 ? (lines[lines.length - 1]?.content.length ?? 0) : 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new line or a longer last line is the trigger
  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lines.length, lastLength, historyLoading]);

  // The textarea grows with what is typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text is the trigger
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, MAX_INPUT_HEIGHT_PX)}px`;
  }, [draft]);

  const submit = (text: string) => {
    if (text.trim() === '' || !canSend) return;
    setDraft('');
    void send(text);
    input.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(draft);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter is a new line; Enter that ends an IME composition is neither.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit(draft);
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const root = panel.current;
    // Keys from the clear-history dialog (a portal, but a React child) are that dialog's business.
    if (!root || event.defaultPrevented || !(event.target instanceof Node) || !root.contains(event.target)) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose({ followedLink: false });
      return;
    }
    // Full screen, the panel is modal: Tab wraps around inside it.
    if (event.key !== 'Tab' || !mobile) return;
    const items = tabbables(root);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const provider = status.data ? PROVIDER_LABELS[status.data.provider] : null;

  return (
    <section
      ref={panel}
      role="dialog"
      aria-modal={mobile ? 'true' : undefined}
      aria-labelledby={titleId}
      onKeyDown={onPanelKeyDown}
      style={mobile ? undefined : { height: CHAT.desktopHeightPx }}
      className={`fixed z-50 flex flex-col overflow-hidden bg-white text-slate-900 dark:bg-slate-900 dark:text-slate-100 ${
        mobile
          ? 'inset-0 h-dvh'
          : 'right-6 bottom-6 max-h-[calc(100dvh-6rem)] w-[min(26rem,calc(100vw-3rem))] rounded-2xl border border-slate-200 shadow-2xl dark:border-slate-700 dark:shadow-black/50'
      }`}
    >
      <header className="flex shrink-0 items-center gap-3 border-b border-slate-200 bg-indigo-600 px-4 py-3 text-white dark:border-slate-800 dark:bg-indigo-700">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-white/15">
          <Bot aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-base font-semibold">
            Mentora Assistant
          </h2>
          <p className="flex items-center gap-1.5 text-xs text-indigo-100">
            <span
              aria-hidden="true"
              data-provider={status.data?.provider ?? 'unknown'}
              className={`size-2 rounded-full ${PROVIDER_DOTS[status.data?.provider ?? 'unknown']}`}
            />
            <span>{provider ?? (status.isError ? 'Status unknown' : 'Connecting...')}</span>
          </p>
        </div>
        <button
          type="button"
          aria-label="Clear chat history"
          title="Clear chat history"
          disabled={busy || lines.length === 0}
          onClick={() => {
            clear.reset();
            setConfirmingClear(true);
          }}
          className={headerButton}
        >
          <Trash2 aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          aria-label="Close the assistant"
          title="Close"
          onClick={() => onClose({ followedLink: false })}
          className={headerButton}
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </header>

      <div ref={log} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4">
        {historyLoading ? (
          <div
            role="status"
            className="flex h-full items-center justify-center gap-2 text-sm text-slate-600 dark:text-slate-400"
          >
            <Spinner className="size-5" />
            Loading your conversation...
          </div>
        ) : (
          <>
            {historyFailed && (
              <div className="mb-4">
                <ErrorAlert>
                  <span>Your earlier messages could not be loaded. </span>
                  <button type="button" className={`${textLink} text-sm`} onClick={retryHistory}>
                    Try again
                  </button>
                </ErrorAlert>
              </div>
            )}
            {lines.length === 0 ? (
              <div className="flex h-full flex-col items-center justify-center text-center">
                <span className="inline-flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
                  <Bot aria-hidden="true" className="size-6" />
                </span>
                <p className="mt-3 font-semibold text-slate-900 dark:text-white">How can I help?</p>
                <p className="mt-1 max-w-xs text-sm text-slate-600 dark:text-slate-400">
                  Ask about classes, discussions and community posts, or how to use Mentora.
                </p>
                <ul className="mt-4 flex flex-col items-center gap-2" aria-label="Suggestions">
                  {SUGGESTIONS.map((suggestion) => (
                    <li key={suggestion}>
                      <button
                        type="button"
                        disabled={!canSend}
                        onClick={() => submit(suggestion)}
                        className={`rounded-full border border-indigo-200 bg-indigo-50 px-3 py-1.5 text-sm font-medium text-indigo-700 transition-colors hover:bg-indigo-100 disabled:opacity-60 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-200 dark:hover:bg-indigo-500/20 ${focusRing}`}
                      >
                        {suggestion}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <ol aria-label="Conversation" className="space-y-3">
                {lines.map((line) => (
                  <Message key={line.id} line={line} onNavigate={() => onClose({ followedLink: true })} />
                ))}
              </ol>
            )}
          </>
        )}
      </div>

      <form
        onSubmit={onSubmit}
        className="shrink-0 border-t border-slate-200 bg-white px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex items-end gap-2">
          <label htmlFor={inputId} className="sr-only">
            Message the assistant
          </label>
          <textarea
            ref={input}
            id={inputId}
            rows={1}
            value={draft}
            maxLength={LIMITS.chatMessage.max}
            placeholder="Ask a question..."
            aria-describedby={hintId}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onInputKeyDown}
            className="block max-h-40 min-h-10 w-full resize-none rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm leading-6 text-slate-900 placeholder:text-slate-500 focus:border-indigo-600 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600/30 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400 dark:focus:border-indigo-400 dark:focus:outline-indigo-400/30"
          />
          <button
            type="submit"
            aria-label="Send"
            disabled={blank || !canSend}
            className={`inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-indigo-600 text-white transition-colors hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-indigo-600 ${focusRing}`}
          >
            {busy ? <Spinner className="size-4" /> : <SendHorizontal aria-hidden="true" className="size-4" />}
          </button>
        </div>
        <p id={hintId} className="mt-1.5 px-1 text-xs text-slate-600 dark:text-slate-400">
          Enter to send, Shift+Enter for a new line.
        </p>
      </form>

      <ConfirmDialog
        open={confirmingClear}
        title="Clear the conversation?"
        message="Every message between you and the assistant will be deleted. This cannot be undone."
        confirmLabel="Clear history"
        busyLabel="Clearing..."
        destructive
        busy={clear.isPending}
        error={clear.isError ? errorMessage(clear.error, 'Failed to clear the chat history') : null}
        onConfirm={() =>
          clear.mutate(undefined, {
            onSuccess: () => {
              focusInputNext.current = true;
              setConfirmingClear(false);
            },
          })
        }
        onCancel={() => setConfirmingClear(false)}
      />
    </section>
  );
}
