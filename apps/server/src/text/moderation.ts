import type { Moderation } from '@mentora/contract';
import { DataSet, englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import { analyseSentiment } from './sentiment.js';

// Flags abusive language (obscenity's English word list, which already copes with l33t-speak,
// look-alike characters and repeated letters) and hostile tone towards a person (insults aimed at
// someone, threats). Criticism of things — "this class was bad" — is never flagged.

/**
 * Anatomical and clinical words in obscenity's list. On a learning platform they are ordinary
 * vocabulary (biology, health, history, law classes), not abuse by themselves.
 */
const CLINICAL_TERMS: ReadonlySet<string> = new Set([
  'sex',
  'penis',
  'vagina',
  'anus',
  'anal',
  'semen',
  'ejaculate',
  'orgasm',
  'masturbate',
  'incest',
  'rape',
  'bestiality',
]);

/** Innocent words that contain a listed word, beyond the whitelist obscenity ships. */
const EXTRA_WHITELIST = ['cockpit', 'pussycat', 'pussy willow', 'tit for tat', 'titmouse', 'cum laude', 'shih tzu'];

const dataset = new DataSet<{ originalWord: string }>()
  .addAll(englishDataset)
  .removePhrasesIf((phrase) => CLINICAL_TERMS.has(phrase.metadata?.originalWord ?? ''));
const built = dataset.build();
const matcher = new RegExpMatcher({
  ...built,
  whitelistedTerms: [...(built.whitelistedTerms ?? []), ...EXTRA_WHITELIST],
  ...englishRecommendedTransformers,
});

/** Nouns that only ever describe people, so "X is an idiot" is an insult whoever X is. */
const PERSON_INSULTS = [
  'idiots?',
  'morons?',
  'imbeciles?',
  'losers?',
  'clowns?',
  'fools?',
  'jerks?',
  'scum(?:bags?)?',
  'creeps?',
  'liars?',
  'hypocrites?',
  'parasites?',
  'dumbass(?:es)?',
  'halfwits?',
  'nitwits?',
  'numbskulls?',
];

/** Words that insult a person when said of "you" (said of a class or a video they are criticism). */
const ATTACK_WORDS = [
  'stupid',
  'dumb',
  'useless',
  'worthless',
  'pathetic',
  'incompetent',
  'clueless',
  'ignorant',
  'hopeless',
  'brainless',
  'brain ?dead',
  'disgusting',
  'ugly',
  'lazy',
  'a joke',
  'a disgrace',
  'an embarrassment',
  'a waste of (?:space|oxygen|air)',
  'the worst',
  'trash',
  'garbage',
];

// The tone patterns run on sentences whose whitespace is one space (see hostility), and they say so
// with a literal ' ': a \s* beside a \s+ (or a word class beside a space class) would let a run of
// spaces be split in every way, which made these patterns quadratic and worse on long text.

/** Words allowed between the subject and the insult: articles and intensifiers, never "not". */
const FILLER = String.raw`(?:(?:a|an|the|so|such|just|really|very|truly|totally|completely|utterly|absolutely|entirely|such a|an absolute|a complete|a total|the most|one|big|little|fucking|freaking|stupid|dumb|useless|pathetic|worthless|lazy|ignorant) ){0,3}`;
const YOU = `(?:you|u|ya|yall|y'all|you guys|you people)`;
const YOU_ARE = `(?:(?:you|u|you guys|you people|y'all)(?: ?'re| ?re| are| r| were)|youre|ur|are you)`;
// Not followed by ' or - : "a fool's errand" and "idiot-proof" are not about a person.
const PERSON_NOUN = `(?:${PERSON_INSULTS.join('|')})(?![\\w'-])`;
const ATTACK = `(?:${[...ATTACK_WORDS, ...PERSON_INSULTS].join('|')})(?![\\w'-])`;

const HOSTILE_PATTERNS: readonly RegExp[] = [
  // "you are useless", "you're a complete idiot", "are you stupid"
  new RegExp(String.raw`\b${YOU_ARE} ${FILLER}${ATTACK}`),
  // "you idiot", "you stupid fool"
  new RegExp(String.raw`\b${YOU} ${FILLER}${PERSON_NOUN}`),
  // "he is an idiot", "the teacher's a clown"
  new RegExp(String.raw`\b(?:is|are|was|were|'s|s) ${FILLER}${PERSON_NOUN}`),
];

const THREAT_PATTERNS: readonly RegExp[] = [
  // "I will hurt you", "I'm going to find and kill you", "we'll beat you up"
  /\b(?:i|we)(?: ?'ll| ?ll| will| shall| am going to| ?'m going to| ?m going to| ?'m gonna| ?m gonna| am gonna| gonna| are going to| are gonna| ?'re going to| ?'re gonna) (?:\w+ ){0,4}(?:kill|hurt|beat|punch|stab|shoot|murder|strangle|choke|slap|smash|rape|destroy|break) (?:you|u|ya|yourself)\b/,
  /\b(?:kill|hang|shoot) yourself\b|\bkys\b/,
  /\b(?:you|u) (?:should|deserve to|ought to|better) (?:just )?die\b|\bhope (?:you|u) die\b/,
  /\bi know where (?:you|u) live\b|\bwatch your back\b/,
  /\b(?:you|u)(?:'re|re| are) (?:so )?dead\b|\byou ?(?:'ll| will) pay for (?:this|that|it)\b/,
];

/** "f u c k", "s.h.i.t": three or more single characters separated by spaces or punctuation. */
const SPACED_LETTERS = /(?<![\p{L}\p{N}])(?:[\p{L}\p{N}@$][\s._*-]{1,2}){2,}[\p{L}\p{N}@$](?![\p{L}\p{N}])/gu;

const LETTER_SEPARATOR = /[\s._*-]/g;

function joinSpacedLetters(text: string): string {
  return text.replace(SPACED_LETTERS, (run) => run.replace(LETTER_SEPARATOR, ''));
}

const LETTER_AFTER_LETTER = /(?<=\p{L})\p{L}/gu;

/** "fuck" → "f***": enough for a person to understand, without repeating the word. */
export function maskWord(word: string): string {
  return word.replace(LETTER_AFTER_LETTER, '*');
}

function abusiveWords(text: string): string[] {
  const found = new Set<string>();
  const variants = new Set([text, joinSpacedLetters(text)]);
  for (const variant of variants) {
    for (const match of matcher.getAllMatches(variant, true)) {
      const word = dataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord;
      if (word) found.add(word);
    }
  }
  return [...found];
}

const CURLY_APOSTROPHE = /[’‘`]/g;
const LETTER_RUN = /(\p{L})\1{2,}/gu;
const SENTENCE_END = /[.!?;\n]+/;
const WHITESPACE_RUN = /\s+/g;

/** Lower-case, straight apostrophes, letter runs of three or more shortened ("stuuupid"). */
function normaliseForTone(text: string): string {
  return joinSpacedLetters(text).toLowerCase().replace(CURLY_APOSTROPHE, "'").replace(LETTER_RUN, '$1');
}

type Hostility = 'threat' | 'attack' | null;

function hostility(text: string): Hostility {
  // One space between words: the tone patterns are written for exactly that (see FILLER).
  const sentences = normaliseForTone(text)
    .split(SENTENCE_END)
    .map((s) => s.replace(WHITESPACE_RUN, ' '))
    .filter((s) => s.trim() !== '');
  let attack = false;
  for (const sentence of sentences) {
    if (THREAT_PATTERNS.some((pattern) => pattern.test(sentence))) return 'threat';
    // The sentiment check keeps banter and praise out ("you're stupidly good at this :)").
    if (!attack && HOSTILE_PATTERNS.some((pattern) => pattern.test(sentence))) {
      attack = analyseSentiment(sentence).label !== 'POSITIVE';
    }
  }
  return attack ? 'attack' : null;
}

/** Moderation verdict for user text; the reason never spells out an abusive word. */
export function moderate(text: string): Moderation {
  const reasons: string[] = [];
  const words = abusiveWords(text);
  if (words.length > 0) reasons.push(`Contains abusive language (${words.slice(0, 3).map(maskWord).join(', ')}).`);
  const tone = hostility(text);
  if (tone === 'threat') reasons.push('Threatening language towards another person.');
  else if (tone === 'attack') reasons.push('Hostile tone towards another person.');
  return reasons.length > 0 ? { flagged: true, reason: reasons.join(' ') } : { flagged: false, reason: null };
}

/**
 * Severe: a threat towards a person. Such text is hidden pending review at once (moderation/); other
 * flagged text only goes to the review queue.
 */
export function isSevere(text: string): boolean {
  return hostility(text) === 'threat';
}

/** Every pattern this module runs on user text, for the ReDoS sweep (regexSafety.test.ts). */
export const MODERATION_PATTERNS: Readonly<Record<string, RegExp>> = {
  ...Object.fromEntries(HOSTILE_PATTERNS.map((pattern, i) => [`hostile:${i}`, pattern])),
  ...Object.fromEntries(THREAT_PATTERNS.map((pattern, i) => [`threat:${i}`, pattern])),
  SPACED_LETTERS,
  LETTER_SEPARATOR,
  LETTER_AFTER_LETTER,
  CURLY_APOSTROPHE,
  LETTER_RUN,
  SENTENCE_END,
  WHITESPACE_RUN,
};
