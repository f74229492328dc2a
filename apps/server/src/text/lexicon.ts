// Small hand-written word lists for the sentiment rules. The bulk lexicon is AFINN-165 (from the
// `sentiment` package); these lists only cover what a flat word→score table cannot express.
// Written from general English usage, not from any evaluation data set.

/** Words that reverse the polarity of the next few words ("not good", "never helpful"). */
export const NEGATORS: ReadonlySet<string> = new Set([
  'not',
  'no',
  'never',
  'nor',
  'neither',
  'nothing',
  'nobody',
  'none',
  'nowhere',
  'without',
  'cannot',
  'hardly',
  'barely',
  'scarcely',
  'seldom',
  'rarely',
  // Contractions written without the apostrophe; forms ending in n't are recognised by shape.
  'dont',
  'doesnt',
  'didnt',
  'isnt',
  'arent',
  'wasnt',
  'werent',
  'cant',
  'couldnt',
  'wont',
  'wouldnt',
  'shouldnt',
  'havent',
  'hasnt',
  'hadnt',
  'aint',
]);

/**
 * "Neg-raising" verbs: "I don't think it is good" means "I think it is not good", so a negation
 * before them carries into the clause they introduce.
 */
export const NEG_RAISING_VERBS: ReadonlySet<string> = new Set(['think', 'believe', 'suppose', 'feel', 'seem', 'seems']);

/** Multipliers for the next sentiment word: >1 intensifies, <1 diminishes. */
export const MODIFIERS: ReadonlyMap<string, number> = new Map([
  ['very', 1.3],
  ['really', 1.3],
  ['so', 1.3],
  ['such', 1.2],
  ['truly', 1.3],
  ['quite', 1.1],
  ['pretty', 1.1],
  ['super', 1.4],
  ['extremely', 1.6],
  ['incredibly', 1.6],
  ['exceptionally', 1.6],
  ['remarkably', 1.4],
  ['absolutely', 1.5],
  ['totally', 1.4],
  ['completely', 1.4],
  ['utterly', 1.5],
  ['highly', 1.4],
  ['especially', 1.2],
  ['particularly', 1.2],
  ['most', 1.2],
  ['deeply', 1.4],
  ['seriously', 1.3],
  ['insanely', 1.5],
  ['ridiculously', 1.5],
  ['slightly', 0.5],
  ['somewhat', 0.6],
  ['fairly', 0.8],
  ['rather', 0.8],
  ['mildly', 0.6],
  ['marginally', 0.5],
  ['partly', 0.6],
  ['partially', 0.6],
  ['kinda', 0.6],
  ['sorta', 0.6],
  ['almost', 0.7],
]);

/** Two-word modifiers, keyed "first second". */
export const PHRASE_MODIFIERS: ReadonlyMap<string, number> = new Map([
  ['a bit', 0.6],
  ['a little', 0.6],
  ['kind of', 0.6],
  ['sort of', 0.6],
  ['a tad', 0.6],
  ['so much', 1.4],
  ['by far', 1.4],
]);

/** Contrast markers: what follows outweighs what came before ("good, but slow"). */
export const CONTRASTS: ReadonlySet<string> = new Set(['but', 'however', 'nevertheless', 'nonetheless']);

/** Concessive markers: the clause they open is backgrounded ("although cheap, it broke"). */
export const CONCESSIVES: ReadonlySet<string> = new Set(['although', 'though', 'despite', 'albeit', 'whereas']);

/** Modal + "have" forms that describe what did not happen ("should have been better"). */
export const COUNTERFACTUAL_MODALS: ReadonlySet<string> = new Set(['should', 'could', 'would', 'might']);

/** Words before "like" that make it the verb (I like) rather than the preposition (looks like). */
export const LIKE_VERB_CUES: ReadonlySet<string> = new Set([
  'i',
  'we',
  'you',
  'they',
  'he',
  'she',
  'really',
  'also',
  'still',
  'just',
  'actually',
  'definitely',
  'totally',
  'do',
  'did',
  'does',
  'would',
  'id', // I'd, once apostrophes are dropped
  'to',
]);

/** Function words after "too" that show it means "also" rather than excess ("I too was"). */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'i',
  'we',
  'you',
  'he',
  'she',
  'it',
  'they',
  'is',
  'was',
  'are',
  'were',
  'am',
  'be',
  'have',
  'has',
  'had',
  'and',
  'or',
  'to',
  'of',
  'in',
  'on',
  'at',
  'for',
  'with',
  'by',
  'as',
  'but',
  'if',
  'so',
]);

/**
 * Common evaluative words AFINN-165 lacks (product, service and course feedback), scored on
 * AFINN's -5..5 scale with deliberately modest weights.
 */
export const EXTRA_WORDS: ReadonlyMap<string, number> = new Map([
  // positive
  ['works', 1],
  ['worked', 1],
  ['tasty', 2],
  ['flavorful', 2],
  ['flavourful', 2],
  ['sturdy', 2],
  ['comfy', 2],
  ['handy', 2],
  ['convenient', 2],
  ['intuitive', 2],
  ['efficient', 2],
  ['worthwhile', 2],
  ['knowledgeable', 2],
  ['attentive', 2],
  ['informative', 2],
  ['insightful', 2],
  ['engaging', 2],
  ['cozy', 2],
  ['gorgeous', 3],
  ['incredible', 3],
  ['exceptional', 3],
  ['stellar', 3],
  ['phenomenal', 4],
  ['spectacular', 4],
  ['decent', 1],
  ['reasonable', 1],
  ['understandable', 1],
  ['organized', 1],
  ['organised', 1],
  ['professional', 1],
  ['accurate', 1],
  ['smooth', 1],
  ['quick', 1],
  ['fast', 1],
  ['ok', 1],
  ['okay', 1],
  // negative
  ['mediocre', -2],
  ['bland', -2],
  ['stale', -2],
  ['soggy', -2],
  ['tasteless', -2],
  ['flavorless', -2],
  ['inedible', -3],
  ['overcooked', -2],
  ['burnt', -2],
  ['greasy', -1],
  ['lukewarm', -1],
  ['overpriced', -2],
  ['overrated', -2],
  ['flimsy', -2],
  ['fragile', -1],
  ['junk', -3],
  ['faulty', -2],
  ['unreliable', -2],
  ['unusable', -3],
  ['malfunction', -2],
  ['buggy', -2],
  ['glitchy', -2],
  ['laggy', -2],
  ['clunky', -2],
  ['cumbersome', -2],
  ['tedious', -2],
  ['unhelpful', -2],
  ['unfriendly', -2],
  ['inattentive', -2],
  ['outdated', -1],
  ['rushed', -1],
  ['messy', -1],
  ['slow', -1],
  ['issue', -1],
  ['issues', -1],
  ['refund', -1],
]);

/** Multi-word expressions whose meaning is not the sum of their words. Keys are space-joined. */
export const EXTRA_PHRASES: ReadonlyMap<string, number> = new Map([
  ['fell apart', -2],
  ['broke down', -2],
  ['stopped working', -2],
  ['quit working', -2],
  ['waste of', -2],
  ['rip off', -3],
  ['top notch', 3],
  ['well made', 2],
  ['user friendly', 2],
  ['easy to use', 2],
]);

/** Emoji the `sentiment` package's table misses or under-scores. */
export const EXTRA_EMOJI: ReadonlyMap<string, number> = new Map([
  ['🙂', 2],
  ['😀', 3],
  ['🥰', 3],
  ['🤩', 3],
  ['🥳', 3],
  ['🙁', -2],
  ['☹', -2],
  ['😢', -2],
  ['😞', -2],
  ['😟', -2],
  ['😕', -1],
  ['😖', -2],
  ['😫', -2],
  ['😤', -2],
  ['😠', -3],
  ['😡', -3],
  ['🤬', -4],
  ['🤮', -3],
  ['🤢', -2],
  ['💩', -2],
  ['👎', -2],
]);

/** Emoticons in canonical form (no nose, last character not repeated). */
export const EMOTICONS: ReadonlyMap<string, number> = new Map([
  [':)', 2],
  [':]', 2],
  ['=)', 2],
  [':d', 3],
  ['=d', 3],
  ['xd', 3],
  [';)', 2],
  [';d', 2],
  [':p', 1],
  ['<3', 3],
  ['^^', 2],
  ['^_^', 2],
  [':(', -2],
  [':[', -2],
  ['=(', -2],
  [';(', -2],
  [":'(", -3],
  ['>:(', -3],
  [':/', -1],
  [':\\', -1],
  [':|', -1],
  ['</3', -3],
]);

/** Number words for "five stars", "one star". */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ['zero', 0],
  ['one', 1],
  ['two', 2],
  ['three', 3],
  ['four', 4],
  ['five', 5],
]);
