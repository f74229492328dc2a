import type { Discussion, DiscussionReply, Moderation, Sentiment } from '@mentora/contract';
import { type SQL, sql } from 'drizzle-orm';
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

/**
 * presentReply's JSON written by PostgreSQL, for a statement that answers many replies at once (the
 * reply's own, replyInsert.ts): the database's JSON text instead of rows the server turns into objects
 * and then into JSON. `reply` is the SQL alias of a row of discussion_replies' columns; its author is
 * looked up by key, row by row (joined, PostgreSQL hashed the whole users table for a few replies).
 * Same keys in the same order as presentReply, and the same values: a time to the millisecond in UTC as
 * toISOString writes it (created_at keeps milliseconds), the polarity rounded as presentAnalysis rounds
 * the float4 the driver reads (its shortest text, then Math.round: half up); text through to_json, which
 * escapes as JSON.stringify does. Written by concatenation, which PostgreSQL does faster than nested
 * row_to_json. Every column it reads is NOT NULL but flag_reason. `hidden` comes last, and only when true,
 * as presentAnalysis adds it.
 * discussions.test.ts holds the two to the same answers.
 */
export function replyJsonSql(reply: string): SQL {
  const r = sql.raw(reply);
  return sql`('{"_id":"' || ${r}.id || '","content":' || to_json(${r}.content) || ',"author":' || (
      select '{"_id":"' || u.id || '","name":' || to_json(u.name) || ',"profilePicture":' || to_json(u.profile_picture) || '}'
      from users u where u.id = ${r}.author_id
    ) || ',"createdAt":"' || to_char(${r}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","sentiment":{"label":"' || ${r}.sentiment_label
    || '","polarity":' || floor(${r}.sentiment_polarity::text::float8 * 1e6 + 0.5) / 1e6
    || '},"moderation":{"flagged":' || ${r}.flagged || ',"reason":' || coalesce(to_json(${r}.flag_reason)::text, 'null')
    || '}' || case when ${r}.hidden then ',"hidden":true' else '' end || '}')`;
}

/**
 * A discussion's JSON with its replies given as JSON already (an array's text, from replyJsonSql): what
 * JSON.stringify(presentDiscussion(head, replies)) would be. The head's JSON has `"replies":[]` once:
 * inside a JSON string every quote follows a backslash, so the text can only be the key itself.
 */
export function discussionJson(head: DiscussionHead, repliesJson: string): string {
  const text = JSON.stringify(presentDiscussion(head));
  const at = text.indexOf('"replies":[]');
  if (at < 0) throw new Error('discussionJson: no replies key');
  return `${text.slice(0, at)}"replies":${repliesJson}${text.slice(at + '"replies":[]'.length)}`;
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
