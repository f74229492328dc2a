import type { Moderation, Sentiment } from '@mentora/contract';

// The text-analysis module's public face. Services call analyseText when user text is written.
// (Implementation in progress in this folder: sentiment.ts and moderation.ts.)

export interface TextAnalysis {
  sentiment: Sentiment;
  moderation: Moderation;
}

export function analyseText(_text: string): TextAnalysis {
  return { sentiment: { label: 'NEUTRAL', polarity: 0 }, moderation: { flagged: false, reason: null } };
}
