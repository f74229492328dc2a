import { createRequire } from 'node:module';
import type { Sentiment } from '@mentora/contract';
import {
  CONCESSIVES,
  CONTRASTS,
  COUNTERFACTUAL_MODALS,
  EMOTICONS,
  EXTRA_EMOJI,
  EXTRA_PHRASES,
  EXTRA_WORDS,
  FUNCTION_WORDS,
  LIKE_VERB_CUES,
  MODIFIERS,
  NEG_RAISING_VERBS,
  NEGATORS,
  NUMBER_WORDS,
  PHRASE_MODIFIERS,
} from './lexicon.js';

// Lexicon sentiment in the style of AFINN/VADER: AFINN-165 word scores (from the `sentiment` package)
// adjusted by rules a flat word list cannot express — negation scope, intensifiers, contrast and
// concession, counterfactuals, emphasis (!, CAPS, elongation), emoji and emoticons. One linear pass
// over the tokens, no backtracking-prone regexes: cost grows with the length of the text only.

// We read the package's tables rather than call analyze(): analyze() strips the punctuation our
// clause rules need, and its `extras` option writes into the shared lexicon.
const requireJson = createRequire(import.meta.url);
const AFINN = requireJson('sentiment/languages/en/labels.json') as Record<string, number>;
const PACKAGE_EMOJI = requireJson('sentiment/build/emoji.json') as Record<string, number>;

/** |polarity| below this is reported as NEUTRAL. */
export const NEUTRAL_BAND = 0.05;
/** VADER's normalisation constant: raw 1 → 0.25, raw 3 → 0.61, raw 10 → 0.93. */
const ALPHA = 15;
/** Words after a negator that it still reaches (VADER also looks three words back). */
const NEGATION_SCOPE = 3;
const COUNTERFACTUAL_SCOPE = 4;
const MODIFIER_REACH = 2;
/** Negation is asymmetric: "not good" is clearly bad, "not bad" only mildly good. */
const NEGATED_POSITIVE = -0.75;
const NEGATED_NEGATIVE = -0.5;
const BEFORE_CONTRAST = 0.5;
const AFTER_CONTRAST = 1.5;
const CONCESSIVE_CLAUSE = 0.5;
const CAPS_BOOST = 1.5;
const ELONGATION_BOOST = 1.2;
const EXCLAMATION_STEP = 0.2;
const MAX_EXCLAMATIONS = 3;
/** "too long", "too much": excess of an unscored quality reads as a complaint. */
const EXCESS_SCORE = -1.5;
/** The contract caps user text at 20,000 characters; this bounds the work for any other caller. */
const MAX_CHARS = 100_000;

/** Lower-case, straight apostrophes dropped: "Don’t" → "dont". */
const APOSTROPHE = /['’]/g;

function normalise(word: string): string {
  return word.toLowerCase().replace(APOSTROPHE, '');
}

function buildTables() {
  const words = new Map<string, number>();
  const phrases = new Map<string, number>();
  let longestPhrase = 2;
  const addPhrase = (key: string, score: number) => {
    const parts = key.split(/[\s-]+/).map(normalise);
    longestPhrase = Math.max(longestPhrase, parts.length);
    phrases.set(parts.join(' '), score);
  };
  for (const [key, score] of Object.entries(AFINN)) {
    if (/[\s-]/.test(key)) addPhrase(key, score);
    else words.set(normalise(key), score);
  }
  // Function words that AFINN scores but our rules treat structurally ("no" is a negator, not -1).
  for (const word of NEGATORS) words.delete(word);
  for (const [key, score] of EXTRA_WORDS) words.set(key, score);
  for (const [key, score] of EXTRA_PHRASES) addPhrase(key, score);
  const emoji = new Map<string, number>(Object.entries(PACKAGE_EMOJI));
  for (const [key, score] of EXTRA_EMOJI) emoji.set(key, score);
  return { words, phrases, longestPhrase, emoji };
}

const { words: WORDS, phrases: PHRASES, longestPhrase: LONGEST_PHRASE, emoji: EMOJI } = buildTables();
const PHRASE_STARTS: ReadonlySet<string> = new Set([...PHRASES.keys()].map((key) => key.split(' ')[0] ?? ''));
const CONTRACTED_MODAL = /^(should|could|would|might)ve$/;

type TokenKind = 'word' | 'emoji' | 'emoticon' | 'rating' | 'stop' | 'clause';

interface Token {
  kind: TokenKind;
  raw: string;
  /** Normalised form for words; canonical form for emoticons. */
  norm: string;
}

// Alternatives are tried in order; each is a simple character class run, so matching stays linear.
const TOKEN_PATTERN = new RegExp(
  [
    // Ratings such as 9/10 or 4.5/5.
    String.raw`(?<rating>(?<![\p{N}.])\p{N}+(?:\.\p{N}+)?\s?\/\s?(?:5|10|100)(?![\p{N}]))`,
    // Western emoticons; not inside numbers (10:30) or URLs (http://).
    String.raw`(?<emoticon>(?<![\p{N}:;=<>^\/])>?[:;=]['’]?-?(?:\)+|\]+|\(+|\[+|D+|[pP]|\|+|\/|\\)(?![\p{L}\p{N}\/\\])|(?<![\p{L}\p{N}])(?:[xX]D+|<\/?3+|\^_?\^)(?![\p{L}\p{N}]))`,
    String.raw`(?<emoji>\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}])*)`,
    // Hyphens split words; AFINN's hyphenated entries are looked up as phrases.
    String.raw`(?<word>[\p{L}\p{N}]+(?:['’]\p{L}+)*)`,
    String.raw`(?<stop>[.!?;…\n]+)`,
    String.raw`(?<clause>[,:()[\]"“”]|\s[-–—]+\s|[–—])`,
  ].join('|'),
  'gu',
);

const CURLY_APOSTROPHE = /’/g;
const HYPHEN = /-/g;
const VARIATION_SELECTOR = /\uFE0F/g;
const SPACE = /\s/g;

function canonicalEmoticon(raw: string): string {
  return raw.toLowerCase().replace(CURLY_APOSTROPHE, "'").replace(HYPHEN, '');
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.slice(0, MAX_CHARS).matchAll(TOKEN_PATTERN)) {
    const groups = match.groups ?? {};
    const raw = match[0];
    if (groups.word !== undefined) tokens.push({ kind: 'word', raw, norm: normalise(raw) });
    else if (groups.emoticon !== undefined) tokens.push({ kind: 'emoticon', raw, norm: canonicalEmoticon(raw) });
    else if (groups.emoji !== undefined) tokens.push({ kind: 'emoji', raw, norm: raw.replace(VARIATION_SELECTOR, '') });
    else if (groups.rating !== undefined) tokens.push({ kind: 'rating', raw, norm: raw.replace(SPACE, '') });
    else if (groups.stop !== undefined) tokens.push({ kind: 'stop', raw, norm: raw });
    else tokens.push({ kind: 'clause', raw, norm: raw });
  }
  return tokens;
}

/**
 * ":)))" → ":)": the last character once. Done by hand: the pattern /(.)\1+$/ retries each character of
 * a run that does not reach the end, which is quadratic on a long run.
 */
function withoutRepeatedEnd(text: string): string {
  const chars = [...text];
  const last = chars.length - 1;
  let keep = last;
  while (keep > 0 && chars[keep - 1] === chars[last]) keep--;
  return chars.slice(0, keep + 1).join('');
}

function emoticonScore(canonical: string): number {
  return EMOTICONS.get(canonical) ?? EMOTICONS.get(withoutRepeatedEnd(canonical)) ?? 0;
}

function emojiScore(emoji: string): number {
  const direct = EMOJI.get(emoji);
  if (direct !== undefined) return direct;
  // Skin tones and ZWJ sequences: score by the base pictograph.
  const base = String.fromCodePoint(emoji.codePointAt(0) ?? 0);
  return EMOJI.get(base) ?? 0;
}

function firstKnownStem(stems: string[]): number | undefined {
  for (const stem of stems) {
    if (stem.length < 3) continue;
    const score = WORDS.get(stem);
    if (score !== undefined) return score;
  }
  return undefined;
}

/** "-less" and "un-" reverse their base; reversing a negative base only mildly helps ("harmless"). */
function reversed(base: number | undefined): number {
  if (base === undefined) return 0;
  return base > 0 ? -base : -base * 0.5;
}

/** Inflected and derived forms of lexicon words: "recommends", "disliked", "unhelpful", "harmless". */
function derivedScore(word: string): number {
  const inflected = inflectedScore(word);
  if (inflected !== undefined) return inflected;
  if (word.endsWith('less')) return reversed(firstKnownStem([word.slice(0, -4)]));
  if (word.startsWith('un') && word.length > 4) {
    const rest = word.slice(2);
    return reversed(WORDS.get(rest) ?? inflectedScore(rest));
  }
  return 0;
}

function inflectedScore(word: string): number | undefined {
  if (word.endsWith('ies')) return firstKnownStem([`${word.slice(0, -3)}y`]);
  if (word.endsWith('es')) return firstKnownStem([word.slice(0, -1), word.slice(0, -2)]);
  if (word.endsWith('s') && !word.endsWith('ss')) return firstKnownStem([word.slice(0, -1)]);
  if (word.endsWith('ied')) return firstKnownStem([`${word.slice(0, -3)}y`]);
  // liked → like, wasted → waste, annoyed → annoy, stopped → stop
  if (word.endsWith('ed')) return firstKnownStem([word.slice(0, -1), word.slice(0, -2), word.slice(0, -3)]);
  if (word.endsWith('ing')) return firstKnownStem([word.slice(0, -3), `${word.slice(0, -3)}e`, word.slice(0, -4)]);
  if (word.endsWith('ily')) return firstKnownStem([`${word.slice(0, -3)}y`]);
  if (word.endsWith('ly')) return firstKnownStem([word.slice(0, -2), `${word.slice(0, -2)}le`]);
  return undefined;
}

const LETTER_TRIPLE = /(\p{L})\1\1/u;
const LETTER_RUN = /(\p{L})\1{2,}/gu;
const NEGATED_VERB = /n['’]t$/i;
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;

interface WordScore {
  score: number;
  elongated: boolean;
}

function wordScore(norm: string): WordScore {
  const direct = WORDS.get(norm);
  if (direct !== undefined) return { score: direct, elongated: false };
  // "sooo goood": retry with letter runs shortened to two, then one.
  if (LETTER_TRIPLE.test(norm)) {
    for (const shortened of [norm.replace(LETTER_RUN, '$1$1'), norm.replace(LETTER_RUN, '$1')]) {
      const score = WORDS.get(shortened) ?? derivedScore(shortened);
      if (score !== 0) return { score, elongated: true };
    }
  }
  return { score: derivedScore(norm), elongated: false };
}

function isNegator(token: Token): boolean {
  return NEGATORS.has(token.norm) || NEGATED_VERB.test(token.raw);
}

function isShouting(raw: string, textHasLowerCase: boolean): boolean {
  return textHasLowerCase && raw.length >= 3 && UPPER.test(raw) && !LOWER.test(raw);
}

/** Turns a raw score (AFINN scale, unbounded) into the API's label and polarity in [-1, 1]. */
export function sentimentFromScore(raw: number): Sentiment {
  if (!Number.isFinite(raw) || raw === 0) return { label: 'NEUTRAL', polarity: 0 };
  const scaled = raw / Math.sqrt(raw * raw + ALPHA);
  const polarity = Math.round(Math.min(1, Math.max(-1, scaled)) * 1000) / 1000;
  const label = polarity >= NEUTRAL_BAND ? 'POSITIVE' : polarity <= -NEUTRAL_BAND ? 'NEGATIVE' : 'NEUTRAL';
  return { label, polarity };
}

/** Raw sentiment score of a text: the sum of rule-adjusted word scores (AFINN scale, unbounded). */
export function sentimentScore(text: string): number {
  return new Scorer(tokenize(text), LOWER.test(text)).run();
}

const NO_SCORE: WordScore = { score: 0, elongated: false };

/** One left-to-right pass; the fields are the rule scopes currently open. */
class Scorer {
  private total = 0; // closed sentences
  private sentence = 0; // the sentence being read
  private exclamations = 0;
  private clauseWeight = 1;
  private inConcession = false;
  private negation = 0; // words the last negator still reaches
  private counterfactual = 0;
  private modifier = 1;
  private modifierReach = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly textHasLowerCase: boolean,
  ) {}

  run(): number {
    const { tokens } = this;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      if (!token) continue;
      switch (token.kind) {
        case 'stop':
          for (const char of token.raw) if (char === '!') this.exclamations++;
          this.closeSentence();
          break;
        case 'clause':
          this.resetScopes();
          // The main clause after a fronted concession carries the weight ("Although X, Y").
          if (this.inConcession) {
            this.inConcession = false;
            this.clauseWeight = AFTER_CONTRAST;
          }
          break;
        case 'emoticon':
          this.sentence += emoticonScore(token.norm) * this.clauseWeight;
          break;
        case 'emoji':
          this.sentence += emojiScore(token.norm) * this.clauseWeight;
          break;
        case 'rating': {
          const [given = 0, scale = 1] = token.norm.split('/').map(Number);
          this.addWordScore(ratingScore(given / scale));
          break;
        }
        case 'word':
          i += this.word(token, i) - 1;
          break;
      }
    }
    this.closeSentence();
    return this.total;
  }

  /** Handles the word at i; returns how many tokens it consumed. */
  private word(token: Token, i: number): number {
    const word = token.norm;
    const next = this.wordAt(i + 1);
    let consumed = 1;
    let opensScope = true;

    const modifierPhrase = next ? PHRASE_MODIFIERS.get(`${word} ${next.norm}`) : undefined;
    const phrase = PHRASE_STARTS.has(word) ? this.phraseAt(i) : undefined;
    if (modifierPhrase !== undefined) {
      this.addModifier(modifierPhrase);
      consumed = 2;
    } else if (phrase) {
      this.addWordScore(phrase[0]);
      consumed = phrase[1];
      opensScope = false;
    } else if (word === 'not' && next?.norm === 'only') {
      consumed = 2; // "not only … but also" negates nothing
    } else if (word === 'nothing' && next?.norm === 'but') {
      consumed = 2; // "nothing but praise" means only praise
    } else if (word === 'anything' && next?.norm === 'but') {
      this.negation = NEGATION_SCOPE; // "anything but helpful" means not helpful
      consumed = 2;
    } else if (isNegator(token)) {
      this.negation = NEGATION_SCOPE;
      this.counterfactual = 0;
    } else if (CONTRASTS.has(word)) {
      if (next?.norm === 'also') consumed = 2;
      else this.contrast();
    } else if (CONCESSIVES.has(word) && next) {
      this.clauseWeight = CONCESSIVE_CLAUSE;
      this.inConcession = true;
      this.resetScopes();
    } else if (COUNTERFACTUAL_MODALS.has(word) && next?.norm === 'have' && this.wordAt(i + 2)?.norm !== 'to') {
      this.counterfactual = COUNTERFACTUAL_SCOPE; // "should have been better": the good part did not happen
      consumed = 2;
    } else if (CONTRACTED_MODAL.test(word) && next?.norm !== 'to') {
      this.counterfactual = COUNTERFACTUAL_SCOPE;
    } else if (this.negation > 0 && NEG_RAISING_VERBS.has(word)) {
      this.negation = NEGATION_SCOPE + 1; // reaches through "that it is" into the complement
    } else if (MODIFIERS.has(word) && (!WORDS.has(word) || this.scoredWordAhead(i))) {
      this.addModifier(MODIFIERS.get(word) ?? 1);
    } else if (word === 'too' && next && !FUNCTION_WORDS.has(next.norm)) {
      const ahead = wordScore(next.norm).score;
      // "too long" complains; "too slow" is worse than slow; "too good to be true" is a hedge.
      if (ahead === 0) this.addWordScore(EXCESS_SCORE);
      else this.addModifier(ahead < 0 ? 1.3 : 0.3);
    } else if (next && (next.norm === 'star' || next.norm === 'stars') && starCount(word) !== undefined) {
      this.addWordScore(ratingScore((starCount(word) ?? 0) / 5));
      consumed = 2;
      opensScope = false;
    } else {
      opensScope = false;
      this.lexicalWord(token, i);
    }

    // Scopes count the words they have reached; the word that opened a scope does not count.
    if (!opensScope) {
      if (this.negation > 0) this.negation -= consumed;
      if (this.counterfactual > 0) this.counterfactual -= consumed;
      if (this.modifierReach > 0) this.modifierReach -= consumed;
    }
    return consumed;
  }

  private lexicalWord(token: Token, i: number): void {
    const previous = this.wordAt(i - 1);
    // "looks like a toy" is a comparison; only the verb "like" (I like, don't like) is praise.
    const likeIsPreposition =
      token.norm === 'like' && !(previous && (LIKE_VERB_CUES.has(previous.norm) || isNegator(previous)));
    const found = likeIsPreposition ? NO_SCORE : wordScore(token.norm);
    if (found.score === 0) return;
    let score = found.score;
    if (isShouting(token.raw, this.textHasLowerCase)) score *= CAPS_BOOST;
    if (found.elongated) score *= ELONGATION_BOOST;
    this.addWordScore(score);
  }

  /** Adds a word-level score after modifiers, negation and clause weight. */
  private addWordScore(base: number): void {
    let score = base;
    if (this.modifierReach > 0) score *= this.modifier;
    this.modifier = 1;
    this.modifierReach = 0;
    if (this.negation > 0) score *= score > 0 ? NEGATED_POSITIVE : NEGATED_NEGATIVE;
    else if (this.counterfactual > 0) score *= -0.5;
    this.sentence += score * this.clauseWeight;
  }

  private addModifier(factor: number): void {
    if (this.modifierReach <= 0) this.modifier = 1;
    this.modifier *= factor;
    this.modifierReach = MODIFIER_REACH;
  }

  /** "X but Y": everything so far counts half, the rest of the sentence half as much again. */
  private contrast(): void {
    this.total *= BEFORE_CONTRAST;
    this.sentence *= BEFORE_CONTRAST;
    this.clauseWeight = AFTER_CONTRAST;
    this.inConcession = false;
    this.resetScopes();
  }

  private resetScopes(): void {
    this.negation = 0;
    this.counterfactual = 0;
    this.modifier = 1;
    this.modifierReach = 0;
  }

  private closeSentence(): void {
    const emphasis = 1 + EXCLAMATION_STEP * Math.min(this.exclamations, MAX_EXCLAMATIONS);
    this.total += this.sentence * emphasis;
    this.sentence = 0;
    this.exclamations = 0;
    this.clauseWeight = 1;
    this.inConcession = false;
    this.resetScopes();
  }

  private wordAt(index: number): Token | undefined {
    const token = this.tokens[index];
    return token?.kind === 'word' ? token : undefined;
  }

  private scoredWordAhead(i: number): boolean {
    for (let k = 1; k <= MODIFIER_REACH; k++) {
      const next = this.wordAt(i + k);
      if (!next) return false;
      if (wordScore(next.norm).score !== 0) return true;
    }
    return false;
  }

  /** Longest lexicon phrase starting at i, as [score, length]. */
  private phraseAt(i: number): [number, number] | undefined {
    const parts: string[] = [];
    for (let k = 0; k < LONGEST_PHRASE; k++) {
      const token = this.wordAt(i + k);
      if (!token) break;
      parts.push(token.norm);
    }
    for (let length = parts.length; length >= 2; length--) {
      const score = PHRASES.get(parts.slice(0, length).join(' '));
      if (score !== undefined) return [score, length];
    }
    return undefined;
  }
}

/** 5/5 → +3, 3/5 → 0, 1/5 → -3 (ratings below the middle of the scale read as complaints). */
function ratingScore(ratio: number): number {
  if (!Number.isFinite(ratio)) return 0;
  return Math.max(-3, Math.min(3, (ratio - 0.6) * 7.5));
}

const ONE_DIGIT = /^\d$/;

function starCount(word: string): number | undefined {
  if (ONE_DIGIT.test(word)) return Number(word);
  return NUMBER_WORDS.get(word);
}

/** Sentiment of user text: label and polarity in [-1, 1]. Deterministic; linear in the text length. */
export function analyseSentiment(text: string): Sentiment {
  return sentimentFromScore(sentimentScore(text));
}

/** Every pattern this module runs on user text, for the ReDoS sweep (regexSafety.test.ts). */
export const SENTIMENT_PATTERNS: Readonly<Record<string, RegExp>> = {
  TOKEN_PATTERN,
  APOSTROPHE,
  CURLY_APOSTROPHE,
  HYPHEN,
  VARIATION_SELECTOR,
  SPACE,
  LETTER_TRIPLE,
  LETTER_RUN,
  NEGATED_VERB,
  UPPER,
  LOWER,
  CONTRACTED_MODAL,
  ONE_DIGIT,
};
