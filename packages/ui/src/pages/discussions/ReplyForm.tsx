import { LIMITS } from '@mentora/contract';
import { Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useSilence } from '../../auth/silence';
import { ErrorAlert } from '../../components/Alert';
import { SilenceNotice } from '../../components/SilenceGate';
import { Spinner } from '../../components/Spinner';
import { buttonPrimary, fieldLabel, inputField } from '../../components/styles';

interface ReplyFormProps {
  label: string;
  /** Hide the label visually (it still names the field), e.g. under each community post. */
  hideLabel?: boolean;
  placeholder?: string;
  submitLabel?: string;
  rows?: number;
  /** Sends the reply; resolves when it was posted (the field is then cleared), rejects otherwise. */
  send: (content: string) => Promise<unknown>;
  pending: boolean;
  /** Why the last attempt failed. */
  error?: string | null;
  /** Field and button on one line (under each community post); stacked otherwise. */
  inline?: boolean;
}

/** True when there is nothing to send: empty or whitespace only (SPEC.md section 5). */
export const isBlank = (text: string): boolean => text.trim() === '';

/**
 * A reply box. The button stays disabled while the text is blank or a reply is on its way, so neither an
 * empty reply nor a double click can send anything. Ctrl/Cmd+Enter sends too.
 */
export function ReplyForm({
  label,
  hideLabel = false,
  placeholder,
  submitLabel = 'Post reply',
  rows = 4,
  send,
  pending,
  error,
  inline = false,
}: ReplyFormProps) {
  const id = useId();
  const [content, setContent] = useState('');
  const [posted, setPosted] = useState(false);
  const blocked = isBlank(content) || pending;

  const submit = async () => {
    if (blocked) return;
    setPosted(false);
    try {
      await send(content.trim());
      setContent('');
      setPosted(true);
    } catch {
      // The caller shows the error; the text stays so it can be sent again.
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  const button = (
    <button
      type="submit"
      disabled={blocked}
      aria-busy={pending || undefined}
      className={`${buttonPrimary} ${inline ? 'shrink-0' : ''}`}
    >
      {pending ? <Spinner className="size-4" /> : <Send aria-hidden="true" className="size-4" />}
      {pending ? 'Posting...' : submitLabel}
    </button>
  );

  // Silenced, the form is disabled before anything is typed; an inline one (a post's reply box) leaves
  // saying why to its page, which says it once above every post.
  const silence = useSilence();
  return (
    <form onSubmit={onSubmit} className="space-y-3">
      {silence && !inline && <SilenceNotice silence={silence} />}
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <fieldset disabled={silence !== null} className="m-0 min-w-0 space-y-3 border-0 p-0">
        <div className={inline ? 'flex items-end gap-2' : ''}>
          <div className={inline ? 'min-w-0 flex-1' : ''}>
            <label htmlFor={id} className={hideLabel ? 'sr-only' : fieldLabel}>
              {label}
            </label>
            <textarea
              id={id}
              name="content"
              rows={rows}
              maxLength={LIMITS.content.max}
              placeholder={placeholder}
              value={content}
              onChange={(event) => {
                setContent(event.target.value);
                setPosted(false);
              }}
              onKeyDown={onKeyDown}
              className={`${inputField} ${inline ? 'field-sizing-content max-h-40 min-h-[2.625rem] resize-none' : 'resize-y'}`}
            />
          </div>
          {inline && button}
        </div>
        <p role="status" className="sr-only">
          {posted ? 'Your reply was posted.' : ''}
        </p>
        {!inline && <div className="flex justify-end">{button}</div>}
      </fieldset>
    </form>
  );
}
