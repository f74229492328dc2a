import type { ModerationTargetType, ReportReason } from '@mentora/contract';

/** How each reason reads in the report dialog (docs/moderation.md: `abuse` is abuse or harassment). */
export const REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  abuse: 'Abuse or harassment',
  offTopic: 'Off-topic',
  inappropriate: 'Inappropriate',
  other: 'Other',
};

/** What a report menu item calls the thing it reports: "Report discussion", "Report reply". */
export const TARGET_LABELS: Record<ModerationTargetType, string> = {
  discussion: 'discussion',
  reply: 'reply',
  post: 'post',
  postReply: 'reply',
  review: 'review',
  user: 'profile',
  material: 'file',
};
