import type { Discussion, DiscussionReply, Moderation, Sentiment } from '@mentora/contract';
import type { DiscussionReplyRow, DiscussionRow } from '../db/schema.js';
import type { TextAnalysis } from '../text/index.js';
import { presentPersonRef } from '../users/presenter.js';

/** The analysed-text columns every user-written row carries (schema.ts `analysed()`). */
export interface AnalysedColumns {
  sentimentLabel: Sentiment['label'];
  sentimentPolarity: number;
  flagged: boolean;
  flagReason: string | null;
  /** Hidden pending review (moderation/visibility.ts decides who still reads it); absent: not hidden. */
  hidden?: boolean;
}

export interface PersonColumns {
  id: string;
  name: string;
  profilePicture: string;
}

/** What analyseText found, as the columns to store with the text. */
export function analysisColumns(analysis: TextAnalysis): AnalysedColumns {
  return {
    sentimentLabel: analysis.sentiment.label,
    sentimentPolarity: analysis.sentiment.polarity,
    flagged: analysis.moderation.flagged,
    flagReason: analysis.moderation.reason,
    // A threat is hidden from the start: nobody but its author and admins ever reads it before review.
    hidden: analysis.severe,
  };
}

/**
 * The stored analysis, as the contract shapes it. Polarity is a `real` (float4) column: rounding to six
 * decimals gives back the value that was written instead of float4 noise (0.3 rather than 0.30000001).
 */
export function presentAnalysis(row: AnalysedColumns): { sentiment: Sentiment; moderation: Moderation; hidden?: true } {
  return {
    sentiment: { label: row.sentimentLabel, polarity: Math.round(row.sentimentPolarity * 1e6) / 1e6 },
    moderation: { flagged: row.flagged, reason: row.flagReason },
    ...hiddenMark(row),
  };
}

/** `hidden: true` on hidden content, nothing otherwise (the contract's optional field). */
export const hiddenMark = (row: { hidden?: boolean }): { hidden?: true } => (row.hidden ? { hidden: true } : {});

export type DiscussionFields = Omit<DiscussionRow, 'search'>;

/** One discussion with what is joined to it: its class, its author and reply facts. */
export interface DiscussionHead {
  discussion: DiscussionFields;
  cls: { id: string; title: string; mentorId: string };
  author: PersonColumns;
  replyCount: number;
  repliedByMe: boolean;
}

export interface ReplyWithAuthor {
  reply: DiscussionReplyRow;
  author: PersonColumns;
}

export function presentReply({ reply, author }: ReplyWithAuthor): DiscussionReply {
  return {
    _id: reply.id,
    content: reply.content,
    author: presentPersonRef(author),
    createdAt: reply.createdAt.toISOString(),
    ...presentAnalysis(reply),
  };
}

/** Lists pass no replies (their items carry `replyCount` and `repliedByMe`, not bodies); details pass all. */
export function presentDiscussion(head: DiscussionHead, replies: DiscussionReply[] = []): Discussion {
  const d = head.discussion;
  return {
    _id: d.id,
    title: d.title,
    content: d.content,
    classId: { _id: head.cls.id, title: head.cls.title },
    author: presentPersonRef(head.author),
    replies,
    replyCount: head.replyCount,
    repliedByMe: head.repliedByMe,
    createdAt: d.createdAt.toISOString(),
    ...presentAnalysis(d),
  };
}
