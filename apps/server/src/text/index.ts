import type { Moderation, Sentiment } from '@mentora/contract';
import { isSevere, moderate } from './moderation.js';
import { analyseSentiment } from './sentiment.js';

// The text-analysis module's public face. Services call analyseText when user text is written:
// sentiment (sentiment.ts: AFINN lexicon plus negation, intensity, contrast and emoji rules) and
// moderation (moderation.ts: obscenity's word list plus hostile-tone and threat patterns).
// Both are synchronous, deterministic and linear in the length of the text.

export interface TextAnalysis {
  sentiment: Sentiment;
  moderation: Moderation;
  /** Flagged as a threat: hidden pending review from the start (moderation/). */
  severe: boolean;
}

export function analyseText(text: string): TextAnalysis {
  const moderation = moderate(text);
  return { sentiment: analyseSentiment(text), moderation, severe: moderation.flagged && isSevere(text) };
}

export { isSevere, moderate } from './moderation.js';
export { analyseSentiment } from './sentiment.js';
