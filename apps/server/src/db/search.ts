import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { classes, communityPosts, discussions, searchWords, users } from './schema.js';

// Search, one way for PostgreSQL and PGlite alike (issue #29). A row matches what a person typed when
// - its full text does (each searchable table keeps an English tsvector in `search`: stems, so
//   "orchestrators" finds "orchestrator", and websearch syntax: quotes, "or", "-word"), or
// - a word of its title or body starts with the typed text, ignoring case: "java" finds "JavaScript"
//   (pg_trgm's GIN indexes serve the regular expression), or
// - for one word of 5 letters or more, its title (a person's name) holds a word close to it: "pyhton"
//   finds "Python", "mentr" finds "Mentora 101". The typed word is compared with the distinct words of
//   titles (table search_words, kept by triggers: migration 0016), pre-selected by their trigram index
//   (SEARCH_SETTINGS below) and decided by search_is_typo (edit distance, word similarity); the rows
//   holding one of those words are then found through the titles' trigram index, as a prefix is.
//   Comparing words instead of whole titles keeps a typo's cost near a prefix's on 100,000s of rows.
//   Shorter words stay exact: "java" would otherwise find "lava". Bodies are left out: a long text
//   holds a word near almost any word.

/** Settings every connection has (db/client.ts): how few shared trigrams pre-select a row for a typo check. */
export const SEARCH_SETTINGS = { 'pg_trgm.word_similarity_threshold': 0.25 } as const;

/** Typos are looked for from this many characters on. */
export const TYPO_MIN_LENGTH = 5;

/** At most this many words close to a typo are looked for in titles. */
const TYPO_WORDS_MAX = 16;

/** What one kind of row is searched by: its full-text vector (if it keeps one), its title and its body. */
export interface Searched {
  vector?: AnyPgColumn;
  title: AnyPgColumn;
  body: AnyPgColumn;
}

export const SEARCHED = {
  classes: { vector: classes.search, title: classes.title, body: classes.description },
  discussions: { vector: discussions.search, title: discussions.title, body: discussions.content },
  communityPosts: { vector: communityPosts.search, title: communityPosts.title, body: communityPosts.content },
  users: { title: users.name, body: users.email },
} satisfies Record<string, Searched>;

const WEIGHTS = ['A', 'B', 'C', 'D'] as const;

/** The value to store in a `search` column: its parts weighted A, B, C, D, most important first. */
export function searchVector(...parts: string[]): SQL {
  const weighted = parts
    .slice(0, WEIGHTS.length)
    .map((part, i) => sql`setweight(to_tsvector('english', ${part}::text), ${WEIGHTS[i]}::"char")`);
  return sql.join(weighted, sql` || `);
}

type Query = string | Placeholder;

/**
 * The typed text as a regular expression matching it at the start of a word, ignoring case, every
 * character but letters, digits and spaces taken literally. Starting with anything but a letter or a
 * digit, it matches nothing: punctuation alone finds nothing, and websearch syntax ("-word", quotes)
 * is left to the full text.
 */
const wordStart = (q: SQL) => sql`('\\m' || regexp_replace(${q}, '([^[:alnum:][:space:]])', '\\\\\\1', 'g'))`;

/**
 * Rows matching what a person typed (the rules above). websearch_to_tsquery accepts any input without
 * a syntax error; input made only of stop words or punctuation matches nothing in full text.
 */
export function matchesSearch(target: Searched, query: Query): SQL {
  const q = sql`${query}::text`;
  const prefix = wordStart(q);
  const fullText = target.vector ? sql`${target.vector} @@ websearch_to_tsquery('english', ${q}) or ` : sql``;
  // A typo is looked for in one word (letters and digits) of TYPO_MIN_LENGTH or more, in titles only.
  // No close word: the pattern is null and matches nothing (an empty one would read the whole index).
  // The closest TYPO_WORDS_MAX only: a pattern of many alternatives is more than the trigram index can use.
  const closeWords = sql`(select '\\m(' || string_agg(close.word, '|') || ')\\M' from (
      select ${searchWords.word} from ${searchWords}
      where ${searchWords.word} %> lower(${q}) and search_is_typo(lower(${q}), ${searchWords.word})
      order by word_similarity(lower(${q}), ${searchWords.word}) desc, ${searchWords.word} limit ${sql.raw(String(TYPO_WORDS_MAX))}
    ) as close)`;
  return sql`(${fullText}${target.title} ~* ${prefix} or ${target.body} ~* ${prefix}
    or (${q} ~ ${`^[[:alnum:]]{${TYPO_MIN_LENGTH},}$`}::text and ${target.title} ~* ${closeWords}))`;
}

/**
 * How well a matching row matches, higher first: the whole title typed exactly, then titles starting
 * with it, then holding a word that starts with it, then how close the title comes (trigram word
 * similarity), and a full-text match above none. Only the title is measured: every matching row is
 * ranked before the best few are kept, and measuring long bodies too (word similarity, ts_rank) cost
 * several times the rest of the search (bench/results/2026-11-26-search-large.md).
 */
export function searchRank(target: Searched, query: Query): SQL<number> {
  const q = sql`${query}::text`;
  const { title } = target;
  const prefix = wordStart(q);
  const fullText = target.vector ? sql` + (${target.vector} @@ websearch_to_tsquery('english', ${q}))::int` : sql``;
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
