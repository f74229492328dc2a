import { findHelpTopic } from '../help.js';
import { WHITESPACE_RUN } from './format.js';

// Which kind of question a message is, told by plain patterns on its words.

export type Intent =
  | 'greeting'
  | 'howTo'
  | 'whatsNew'
  | 'schedule'
  | 'recommend'
  | 'myClasses'
  | 'findClasses'
  | 'search';

// Read on the message with its whitespace trimmed and collapsed to one space (see detectIntent): with
// \s+ and a class holding \s side by side, a run of spaces could be split between them in every way.
const GREETING = /^(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|help|menu|start|\?)( there)?[ !.?,]*$/;
const CAPABILITIES = /\bwhat (can|do) you (do|know)\b|\bwho are you\b|\bwhat are you\b|\bhow can you help\b/;
const HOW =
  /\bhow (do|can|could|should|would|to)\b|\bwhere (do|can|is|are)\b|\bcan i\b|\bis it possible\b|\bsteps? (to|for)\b|\bi (want|need|would like) to\b|\bhelp me\b/;
const WHATS_NEW =
  /\bwhat'?s (new|happening|going on)\b|\bwhat is (new|happening)\b|\banything new\b|\bnews\b|\b(recent|latest|new) (activity|discussions?|repl(y|ies)|updates?)\b|\bupdates?\b|\bwhat did i miss\b|\bcatch me up\b/;
/** "When is my next session?", "What's on this week?": a question about when, not what. */
const SCHEDULE =
  /\b(next|upcoming|coming|scheduled|planned) (live )?(sessions?|lessons?|lectures?|meetings?)\b|\bwhen('s| is| are| do| does)( my| the| our)? (next |first )?(live )?(session|class|lesson|lecture|meeting)s?\b|\bwhat'?s on\b|\bwhat is on\b|\b(this|next) week\b|\b(my|the) (schedule|calendar|timetable)\b/;
const NEXT =
  /\b(learn|take|study|try|do) next\b|\bwhat should i (learn|take|study|try|do)\b|\brecommend|\bsuggest|\bnext (class|course|step)\b|\bwhat (class|course) should\b/;
const MINE =
  /\bmy (classes|courses)\b|\b(am i|i am|i'm) (enrolled|taking|teaching)\b|\bclasses (i'm|i am|do i) (in|take|taking|teach|teaching)\b/;
const CURLY_QUOTE = /[\u2018\u2019`]/g;
const ABOUT_CLASSES = /\b(class|classes|course|courses)\b|\bteach(es|ing)?\b|\blearn(ing)?\b|\bstud(y|ying)\b/;

/** What kind of question this is; 'search' when none of the others. */
export function detectIntent(message: string): Intent {
  const text = message.toLowerCase().replace(CURLY_QUOTE, "'");
  if (GREETING.test(text.replace(WHITESPACE_RUN, ' ').trim()) || CAPABILITIES.test(text)) return 'greeting';
  const help = findHelpTopic(text);
  if (help && HOW.test(text)) return 'howTo';
  if (WHATS_NEW.test(text)) return 'whatsNew';
  if (SCHEDULE.test(text)) return 'schedule';
  if (NEXT.test(text)) return 'recommend';
  if (MINE.test(text)) return 'myClasses';
  // "I forgot my password": a strong help cue needs no "how do I".
  if (help && help.score >= 3 && !ABOUT_CLASSES.test(text)) return 'howTo';
  if (ABOUT_CLASSES.test(text)) return 'findClasses';
  return 'search';
}

/** The patterns detectIntent runs on user text, for the ReDoS sweep (see OFFLINE_PATTERNS). */
export const INTENT_PATTERNS: Readonly<Record<string, RegExp>> = {
  GREETING,
  CAPABILITIES,
  HOW,
  WHATS_NEW,
  SCHEDULE,
  NEXT,
  MINE,
  ABOUT_CLASSES,
  CURLY_QUOTE,
};
