import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { classes, communityPosts, discussions, searchTerms, searchWords, users } from './schema.js';

// Search, one way for PostgreSQL and PGlite alike (issues #29, #37). A row matches what a person typed when
// - its full text does (each searchable table keeps an English tsvector in `search`: stems, so
//   "orchestrators" finds "orchestrator", and websearch syntax: quotes, "or", "-word"), or
// - a word of its title, tags or body starts with the typed text, ignoring case: "java" finds
//   "JavaScript" and a class tagged #javascript (pg_trgm's GIN indexes serve the regular expression), or
// - for one word of 5 letters or more, its title (a person's name) holds a word close to it: "pyhton"
//   finds "Python", "mentr" finds "Mentora 101". The typed word is compared with the distinct words of
//   titles, tags and names (table search_words, kept by triggers: migrations 0016, 0021), pre-selected by
//   their trigram index (SEARCH_SETTINGS below) and decided by search_is_typo (edit distance, word
//   similarity). Shorter words stay exact: "java" would otherwise find "lava". Bodies are left out: a
//   long text holds a word near almost any word.
// Lists (GET /classes|discussions|community?search=) test these rules row by row (matchesSearch); the
// search dialog (search/service.ts) first finds the words, then the items holding them in their
// headings through search_terms (headingCandidates), so its cost does not grow with the rows.

/** Settings every connection has (db/client.ts): how few shared trigrams pre-select a row for a typo check. */
export const SEARCH_SETTINGS = { 'pg_trgm.word_similarity_threshold': 0.25 } as const;

/** Typos are looked for from this many characters on. */
export const TYPO_MIN_LENGTH = 5;

/** At most this many words close to a typo are looked for in titles. */
const TYPO_WORDS_MAX = 16;

/** What one kind of row is searched by: its full-text vector (if it keeps one), its title, tags and body. */
export interface Searched {
  vector?: AnyPgColumn;
  title: AnyPgColumn;
  tags?: AnyPgColumn;
  body: AnyPgColumn;
}

export const SEARCHED = {
  classes: { vector: classes.search, title: classes.title, tags: classes.tags, body: classes.description },
  discussions: { vector: discussions.search, title: discussions.title, body: discussions.content },
  communityPosts: {
    vector: communityPosts.search,
    title: communityPosts.title,
    tags: communityPosts.tags,
    body: communityPosts.content,
  },
  users: { title: users.name, body: users.email },
} satisfies Record<string, Searched>;

/** Tags as one text, as their trigram index holds them (migration 0021). */
const tagsText = (tags: AnyPgColumn) => sql`search_tags_text(${tags})`;

const WEIGHTS = ['A', 'B', 'C', 'D'] as const;

/** The value to store in a `search` column: its parts weighted A, B, C, D, most important first. */
export function searchVector(...parts: string[]): SQL {
  const weighted = parts
    .slice(0, WEIGHTS.length)
    .map((part, i) => sql`setweight(to_tsvector('english', ${part}::text), ${WEIGHTS[i]}::"char")`);
  return sql.join(weighted, sql` || `);
}

type Query = string | Placeholder;

/** What the typed text is compared with: the text, its word-start pattern (wordStart), its full-text query. */
export interface Typed {
  text: SQL;
  prefix: SQL;
  tsquery: SQL;
}

const typedInline = (query: Query): Typed => {
  const text = sql`${query}::text`;
  return { text, prefix: wordStart(text), tsquery: sql`websearch_to_tsquery('english', ${text})` };
};

/**
 * The typed text's pattern and full-text query each computed once per statement (scalar subqueries:
 * init plans). For a prepared statement planned once for any value (db/prepared.ts): there, written
 * inline, they would be computed again for every row compared. A list's statement, planned for its
 * values, takes them inline (a string or a placeholder), as constants the planner can weigh.
 */
export function typedOnce(query: Query): Typed {
  const inline = typedInline(query);
  return { text: inline.text, prefix: sql`(select ${inline.prefix})`, tsquery: sql`(select ${inline.tsquery})` };
}

const typedOf = (query: Query | Typed): Typed =>
  typeof query === 'object' && 'tsquery' in query ? query : typedInline(query);

/**
 * The typed text as a regular expression matching it at the start of a word, ignoring case, every
 * character but letters, digits and spaces taken literally. Starting with anything but a letter or a
 * digit, it matches nothing: punctuation alone finds nothing, and websearch syntax ("-word", quotes)
 * is left to the full text.
 */
const wordStart = (q: SQL) => sql`('\\m' || regexp_replace(${q}, '([^[:alnum:][:space:]])', '\\\\\\1', 'g'))`;

/**
 * The words of titles the typed text is a typo of, as a pattern matching any of them as a whole word.
 * A typo is looked for in one word (letters and digits) of TYPO_MIN_LENGTH or more, in titles only.
 * No close word: the pattern is null and matches nothing (an empty one would read the whole index).
 * The closest TYPO_WORDS_MAX only: a pattern of many alternatives is more than the trigram index can use.
 */
const closeWordsPattern = (q: SQL) => sql`(select '\\m(' || string_agg(close.word, '|') || ')\\M' from (
    select ${searchWords.word} from ${searchWords}
    where ${searchWords.word} %> lower(${q}) and search_is_typo(lower(${q}), ${searchWords.word})
    order by word_similarity(lower(${q}), ${searchWords.word}) desc, ${searchWords.word} limit ${sql.raw(String(TYPO_WORDS_MAX))}
  ) as close)`;

/**
 * Rows matching what a person typed (the rules above). websearch_to_tsquery accepts any input without
 * a syntax error; input made only of stop words or punctuation matches nothing in full text.
 */
export function matchesSearch(target: Searched, query: Query | Typed): SQL {
  const { text: q, prefix, tsquery } = typedOf(query);
  const fullText = target.vector ? sql`${target.vector} @@ ${tsquery} or ` : sql``;
  const closeWords = closeWordsPattern(q);
  const tags = target.tags ? sql` or ${tagsText(target.tags)} ~* ${prefix}` : sql``;
  return sql`(${fullText}${target.title} ~* ${prefix}${tags} or ${target.body} ~* ${prefix}
    or (${q} ~ ${`^[[:alnum:]]{${TYPO_MIN_LENGTH},}$`}::text and ${target.title} ~* ${closeWords}))`;
}

/**
 * How well a matching row matches, higher first: the whole title typed exactly, then titles starting
 * with it, then holding a word that starts with it, then how close the title comes (trigram word
 * similarity), and a full-text match above none. Only the title is measured: every matching row is
 * ranked before the best few are kept, and measuring long bodies too (word similarity, ts_rank) cost
 * several times the rest of the search (bench/results/2026-11-26-search-large.md).
 */
export function searchRank(target: Searched, query: Query | Typed): SQL<number> {
  const { text: q, prefix, tsquery } = typedOf(query);
  const { title } = target;
  const fullText = target.vector ? sql` + (${target.vector} @@ ${tsquery})::int` : sql``;
  return sql<number>`((lower(${title}) = lower(${q}))::int * 8 + (${title} ~* ('^' || ${prefix}))::int * 4
    + (${title} ~* ${prefix})::int * 2 + word_similarity(${q}, ${title})${fullText})`.mapWith(Number);
}

/**
 * Full text alone, for the assistant's context: a question is a sentence, not a word being typed, and
 * its words are matched by stem, any order.
 */
export function matchesFullText(column: AnyPgColumn, query: Query): SQL {
  return sql`${column} @@ websearch_to_tsquery('english', ${query}::text)`;
}

/**
 * Whether a matching row holds what was typed in its heading (title or tags): the start of a word, a
 * full-text match of the title or tags (weights A and B of its vector) or, for one word, a title word
 * close to it. Lists ranked by it show title and tag matches above rows that only mention the text.
 */
export function headingMatch(target: Searched, query: Query): SQL<boolean> {
  const q = sql`${query}::text`;
  const prefix = wordStart(q);
  const tags = target.tags ? sql` or ${tagsText(target.tags)} ~* ${prefix}` : sql``;
  const fullText = target.vector
    ? sql` or ts_filter(${target.vector}, '{a,b}') @@ websearch_to_tsquery('english', ${q})`
    : sql``;
  return sql<boolean>`(${target.title} ~* ${prefix}${tags}${fullText}
    or (${q} ~ ${`^[[:alnum:]]{${TYPO_MIN_LENGTH},}$`}::text and ${target.title} ~* ${closeWordsPattern(q)}))`;
}

// ---------- headings, through search_terms ----------

/** The kinds of item whose headings search_terms holds (migration 0021). */
export type HeadingKind = 'class' | 'discussion' | 'post';

/** At most this many of the words a typed word starts are looked up, the shortest first. */
const PREFIX_WORDS_MAX = 32;

/** At most this many items are read from search_terms per word, best first. */
const TERM_ROWS_PER_WORD = 25;

/** At most this many items, best first over all the words, are handed on to be read and checked. */
export const HEADING_CANDIDATES_MAX = 50;

/**
 * The typed text's key word: the one its heading candidates are looked up by (the longest of its words
 * of letters and digits, lower case), and whether the text is that one word alone. Undefined when it
 * holds no such word (punctuation alone).
 */
export function keyWord(q: string): { word: string; alone: boolean } | undefined {
  const typed = q.trim().toLowerCase();
  const words = typed.match(/[\p{L}\p{N}]+/gu);
  if (!words) return undefined;
  const word = words.reduce((longest, w) => (w.length > longest.length ? w : longest));
  return { word, alone: word === typed };
}

/**
 * The items of one kind whose title or tags hold a word starting with the key word (placeholder `key`)
 * or, when `typo` is true, a word the key word is a typo of: (item_id, score, created_at), at most
 * HEADING_CANDIDATES_MAX, best first. The words are looked up among the distinct words first
 * (search_words), then each word's best items are read in index order from search_terms: the cost
 * depends on the number of words and the caps, not on how many items hold them.
 *
 * score: 3 per weight (4 the whole title is the word, 3 its first word, 2 another title word, 1 a
 * tag), plus 2 when the word is the key word itself, 1 when it starts with it, 0 for a typo.
 */
export function headingCandidates(kind: HeadingKind): SQL {
  const key = sql`${sql.placeholder('key')}::text`;
  return sql`(select t.item_id, max(t.weight * 3 + close.closeness) as score, max(t.created_at) as created_at
    from (
      (select ${searchWords.word}, case when ${searchWords.word} = ${key} then 2 else 1 end as closeness
        from ${searchWords} where ${searchWords.word} like ${key} || '%'
        order by length(${searchWords.word}), ${searchWords.word} limit ${sql.raw(String(PREFIX_WORDS_MAX))})
      union all
      (select ${searchWords.word}, 0 from ${searchWords}
        where ${sql.placeholder('typo')}::boolean and ${searchWords.word} %> ${key} and search_is_typo(${key}, ${searchWords.word})
        order by word_similarity(${key}, ${searchWords.word}) desc, ${searchWords.word} limit ${sql.raw(String(TYPO_WORDS_MAX))})
    ) as close
    cross join lateral (
      select ${searchTerms.itemId} as item_id, ${searchTerms.weight} as weight, ${searchTerms.createdAt} as created_at
      from ${searchTerms}
      where ${searchTerms.kind} = ${sql.raw(`'${kind}'`)} and ${searchTerms.word} = close.word
      -- As search_terms_word_idx is ordered (nulls last: drizzle's default), so that it is read in order.
      order by ${searchTerms.weight} desc nulls last, ${searchTerms.createdAt} desc nulls last
      limit ${sql.raw(String(TERM_ROWS_PER_WORD))}
    ) as t
    group by t.item_id
    order by score desc, created_at desc
    limit ${sql.raw(String(HEADING_CANDIDATES_MAX))})`;
}
