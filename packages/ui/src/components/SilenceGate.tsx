import type { Silence } from '@mentora/contract';
import { MessageSquareOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSilence } from '../auth/silence';
import { NoticeAlert } from './Alert';
import { formatDateTime } from './formatters';

/** Until when and why the person may not publish, in their own time zone. */
export function SilenceNotice({ silence }: { silence: Silence }) {
  return (
    <NoticeAlert
      testId="silence-notice"
      icon={<MessageSquareOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
    >
      <p>
        Your account is silenced until {formatDateTime(silence.endsAt)}: {silence.reason}. You can read, but not
        publish, until then.
      </p>
    </NoticeAlert>
  );
}

/**
 * A form a silenced person cannot use (its call publishes, and the server would refuse it with 403):
 * the silence is said above it and every control in it is disabled, before anything is typed. For
 * everyone else the form is as it was.
 */
export function SilenceGate({ children, className = '' }: { children: ReactNode; className?: string }) {
  const silence = useSilence();
  if (!silence) return children;
  return (
    <div className={`space-y-3 ${className}`}>
      <SilenceNotice silence={silence} />
      <fieldset disabled className="m-0 min-w-0 border-0 p-0">
        {children}
      </fieldset>
    </div>
  );
}
