import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// Full-text search: each searchable table keeps an English tsvector in its `search` column, written
// with the text it indexes and read through a GIN index.

const WEIGHTS = ['A', 'B', 'C', 'D'] as const;

/** The value to store in a `search` column: its parts weighted A, B, C, D, most important first. */
export function searchVector(...parts: string[]): SQL {
  const weighted = parts
    .slice(0, WEIGHTS.length)
    .map((part, i) => sql`setweight(to_tsvector('english', ${part}::text), ${WEIGHTS[i]}::"char")`);
  return sql.join(weighted, sql` || `);
}

/**
 * Rows matching what a person typed. websearch_to_tsquery accepts any input without a syntax error
 * (quotes, "or", "-word"); input made only of stop words or punctuation becomes an empty query,
 * which matches nothing rather than failing.
 */
export function matchesSearch(column: AnyPgColumn, query: string | Placeholder): SQL {
  return sql`${column} @@ websearch_to_tsquery('english', ${query}::text)`;
}
