import {
  MODERATION_TARGET_NAMES,
  type ModerationAction,
  type ModerationSource,
  type ModerationStatus,
  type SanctionKind,
} from '@mentora/contract';
import { formatDate } from '../../../components/formatters';

// The words of the Moderation tab for the contract's codes (the server never shows these, but for the
// kinds' names, which its notices share).

export const TARGET_LABELS = MODERATION_TARGET_NAMES;

/** The same words as the report dialog's. */
export { REASON_LABELS } from '../../../moderation/reportReasons';

export const SOURCE_LABELS: Record<ModerationSource, string> = { report: 'Reported', auto: 'Automatic flag' };

export const STATUS_LABELS: Record<ModerationStatus, string> = { open: 'Open', resolved: 'Resolved' };

export const ACTION_LABELS: Record<ModerationAction, string> = { dismiss: 'Dismiss', hide: 'Hide', delete: 'Delete' };

/** What was done, for history lines and toasts. */
export const ACTION_DONE: Record<ModerationAction, string> = {
  dismiss: 'Dismissed',
  hide: 'Hidden',
  delete: 'Deleted',
};

export const SANCTION_LABELS: Record<SanctionKind | 'none', string> = {
  none: 'No sanction',
  warn: 'Warn',
  silence: 'Silence',
  suspend: 'Suspend',
};

/** How the server scores an entry (apps/server/src/moderation/policy.ts queueScore), in words. */
export const SCORE_EXPLAINED =
  'Score: 10 for each person who reported it, 30 for a severe automatic flag (10 for another flag), and a point for every 4 hours it has waited, up to 12.';

/** What the author also gets with a decision, for the delete confirmation ("silenced for 3 days"). */
export function sanctionPhrase(sanction: { kind: SanctionKind; days?: number | undefined }): string {
  const days = sanction.days === 1 ? '1 day' : `${sanction.days} days`;
  if (sanction.kind === 'warn') return 'warned';
  return `${sanction.kind === 'silence' ? 'silenced' : 'suspended'} for ${days}`;
}

/**
 * The two texts of a sanction, named alike wherever one is imposed (the queue's decision, the people
 * lists' dialog): what the person is shown, and the admin's private reason, which only the audit log keeps.
 */
export const SANCTION_FIELDS = {
  message: 'Message to the person',
  messageHint: 'Shown to them with the sanction.',
  note: 'Private reason (optional)',
  noteHint: 'Kept in the audit log only; never shown to them.',
} as const;

/** A UTC day ('YYYY-MM-DD') as the viewer writes dates, read at noon UTC so no time zone moves it. */
export const dayLabel = (date: string) => formatDate(`${date}T12:00:00.000Z`, { timeZone: 'UTC' });
