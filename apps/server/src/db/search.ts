import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { classes, communityPosts, discussions, users } from './schema.js';

// Search, one way for PostgreSQL and PGlite alike (issue #29). A row matches what a person typed when
// - its full text does (each searchable table keeps an English tsvector in `search`: stems, so
//   "orchestrators" finds "orchestrator", and websearch syntax: quotes, "or", "-word"), or
// - a word of its title or body starts with the typed text, ignoring case: "java" finds "JavaScript"
//   (pg_trgm's GIN indexes serve the regular expression), or
// - for one word of 5 letters or more, its title (a person's name) holds that word with a typo:
//   "pyhton" finds "Python", "mentr" finds "Mentora 101". The title's trigram index pre-selects rows
//   sharing enough trigrams (SEARCH_SETTINGS below); search_typo_match (migration 0013) then decides by
//   word similarity and edit distance. Shorter words stay exact: "java" would otherwise find "lava".
//   Bodies are left out: a long text shares a few trigrams with almost any word, so the index would
//   pre-select most rows and each would be checked.

/** Settings every connection has (db/client.ts): how few shared trigrams pre-select a row for a typo check. */
export const SEARCH_SETTINGS = { 'pg_trgm.word_similarity_threshold': 0.25 } as const;

/** Typos are looked for from this many characters on. */
export const TYPO_MIN_LENGTH = 5;

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
  const typo = sql`(${target.title} %> ${q} and search_typo_match(${q}, ${target.title}))`;
  // A typo is looked for in one word (letters and digits) of TYPO_MIN_LENGTH or more, in titles only.
  return sql`(${fullText}${target.title} ~* ${prefix} or ${target.body} ~* ${prefix}
    or (${q} ~ ${`^[[:alnum:]]{${TYPO_MIN_LENGTH},}$`}::text and ${typo}))`;
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
