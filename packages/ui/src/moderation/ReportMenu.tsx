import type { ModerationTargetType } from '@mentora/contract';
import { Flag, MoreHorizontal, UserRoundX } from 'lucide-react';
import { useRef, useState } from 'react';
import { useAuth } from '../auth/AuthContext';
import { Popover } from '../components/Popover';
import { focusRing, iconButton } from '../components/styles';
import { ReportDialog, type ReportTarget } from './ReportDialog';
import { TARGET_LABELS } from './reportReasons';

const itemClass = `flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`;

interface ReportMenuProps {
  targetType: Exclude<ModerationTargetType, 'user'>;
  targetId: string;
  /** Who wrote it: their own content gets no menu, and the menu also reports their profile. */
  author: { _id: string; name: string };
  /** What is reported, for the dialog: the title, or "Reply by Ada". */
  subject: string;
  /** The menu button's accessible name: "More actions for the reply by Ada". */
  label: string;
  className?: string;
}

/**
 * The "⋯" menu of one item (discussion, reply, post, post reply, review): report it, or report its
 * author's profile (profiles have no page of their own). Nothing for signed-out people or on one's own
 * content: the server refuses those (401, 403).
 */
export function ReportMenu({ targetType, targetId, author, subject, label, className = '' }: ReportMenuProps) {
  const { user } = useAuth();
  const [target, setTarget] = useState<ReportTarget | null>(null);
  const wrapper = useRef<HTMLSpanElement>(null);
  if (!user || user._id === author._id) return null;

  const what = TARGET_LABELS[targetType];
  const items: { key: string; text: string; icon: typeof Flag; target: ReportTarget }[] = [
    {
      key: 'item',
      text: `Report ${what}`,
      icon: Flag,
      target: { targetType, targetId, title: `Report ${what}`, subject },
    },
    {
      key: 'profile',
      text: `Report ${author.name}'s profile`,
      icon: UserRoundX,
      target: {
        targetType: 'user',
        targetId: author._id,
        title: `Report ${author.name}'s profile`,
        subject: 'Their name or bio',
      },
    },
  ];

  return (
    <span ref={wrapper} className="contents">
      <Popover
        label={label}
        className={`relative shrink-0 ${className}`}
        buttonClassName={`${iconButton} size-8`}
        button={() => <MoreHorizontal aria-hidden="true" className="size-4" />}
        panelClassName="absolute right-0 z-20 mt-1 w-64 max-w-[calc(100vw-2rem)] origin-top-right rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {(close) => (
          <ul>
            {items.map(({ key, text, icon: Icon, target: next }) => (
              <li key={key}>
                <button
                  type="button"
                  className={itemClass}
                  onClick={() => {
                    close();
                    // The dialog gives focus back to what had it when it opened: the ⋯ button, not this
                    // item, which the closed menu hides.
                    wrapper.current?.querySelector<HTMLButtonElement>('button[aria-expanded]')?.focus();
                    setTarget(next);
                  }}
                >
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  <span className="min-w-0 break-words">{text}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Popover>
      <ReportDialog target={target} onClose={() => setTarget(null)} />
    </span>
  );
}
