import { desc, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { matchesSearch, type Searched } from '../db/search.js';
import { badRequest } from './errors.js';
import { isId } from './validate.js';

// Keyset pagination over (createdAt, id), newest first: stable under inserts, and each page is an
// index range scan whatever its depth. The cursor is opaque to clients (base64url of "iso|id", and
// "|tier" for a list ranked by tier first: a search of classes, title and tag matches first).

export interface Cursor {
  createdAt: Date;
  id: string;
  /** The last row's tier (1 or 0) in a list ranked by tier before newest first. */
  tier?: number;
}

export function encodeCursor(row: Cursor): string {
  const tier = row.tier === undefined ? '' : `|${row.tier}`;
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}${tier}`, 'utf8').toString('base64url');
}

/** Date.toISOString()'s form for years 0001 to 9999, as encodeCursor writes it. */
const CURSOR_TIME = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Undefined for no cursor; a 400 for one this server did not make. */
export function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (raw === undefined || raw === '') return undefined;
  const invalid = () => badRequest('cursor is invalid', [{ path: 'cursor', message: 'cursor is invalid' }]);
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid();
  const [iso, id, tier, extra] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !isId(id) || iso === undefined || !CURSOR_TIME.test(iso)) throw invalid();
  if (tier !== undefined && tier !== '0' && tier !== '1') throw invalid();
  const createdAt = new Date(iso);
  // A JavaScript Date reaches years PostgreSQL cannot read (+275760, 0000): only our own canonical
  // form, within years 1 to 9999, reaches the query.
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== iso) throw invalid();
  return { createdAt, id: id.toLowerCase(), ...(tier === undefined ? {} : { tier: Number(tier) }) };
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Rows after the cursor in (createdAt desc, id desc) order. Timestamps are stored with millisecond
 * precision (db/schema.ts), so the cursor's Date is the row's exact value and a plain row comparison
 * neither skips nor repeats rows that share a millisecond; the (created_at, id) indexes serve it.
 */
export function olderThanCursor(createdAt: AnyPgColumn, id: AnyPgColumn, cursor: Cursor | CursorPlaceholders): SQL {
  const at = cursor.createdAt instanceof Date ? cursor.createdAt.toISOString() : cursor.createdAt;
  return sql`(${createdAt}, ${id}) < (${at}::timestamptz, ${cursor.id}::uuid)`;
}

/** A prepared statement's cursor (db/prepared.ts): placeholders, filled by cursorValues. */
interface CursorPlaceholders {
  createdAt: Placeholder<'cursorAt'>;
  id: Placeholder<'cursorId'>;
}
const cursorPlaceholders: CursorPlaceholders = {
  createdAt: sql.placeholder('cursorAt'),
  id: sql.placeholder('cursorId'),
};

/**
 * The values of cursorPlaceholders (none without a cursor). A cursor without a tier (one made before
 * lists were ranked) goes on from the top tier.
 */
export function cursorValues(cursor: Cursor | undefined): {
  cursorAt?: string;
  cursorId?: string;
  cursorTier?: number;
} {
  return cursor ? { cursorAt: cursor.createdAt.toISOString(), cursorId: cursor.id, cursorTier: cursor.tier ?? 1 } : {};
}

/**
 * Given rows fetched with limit + 1, the page to return and the cursor of the next one (null at the end).
 */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => Cursor): Page<T> {
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  const last = items[items.length - 1] as T;
  return { items, nextCursor: encodeCursor(keyOf(last)) };
}

/**
 * What every prepared list statement (db/prepared.ts) of a shape with `+search` and/or `+cursor` adds:
 * a search (placeholder search) and the cursor's conditions, and the newest-first order.
 */
export function newestFirstClauses(
  table: { createdAt: AnyPgColumn; id: AnyPgColumn },
  searched: Searched,
  shape: string,
): { conditions: (SQL | undefined)[]; order: SQL[] } {
  return {
    conditions: [
      shape.includes('+search') ? matchesSearch(searched, sql.placeholder('search')) : undefined,
      shape.includes('+cursor') ? olderThanCursor(table.createdAt, table.id, cursorPlaceholders) : undefined,
    ],
    order: [desc(table.createdAt), desc(table.id)],
  };
}

/**
 * newestFirstClauses for a search ranked by `tier` first (1 above 0; db/search.ts headingMatch: title
 * and tag matches above rows that only mention the text), then newest first. The cursor carries the
 * last row's tier.
 */
export function rankedSearchClauses(
  table: { createdAt: AnyPgColumn; id: AnyPgColumn },
  searched: Searched,
  tier: SQL<number>,
  shape: string,
): { conditions: (SQL | undefined)[]; order: SQL[] } {
  return {
    conditions: [
      matchesSearch(searched, sql.placeholder('search')),
      shape.includes('+cursor')
        ? sql`(${tier}, ${table.createdAt}, ${table.id}) < (${sql.placeholder('cursorTier')}::int, ${cursorPlaceholders.createdAt}::timestamptz, ${cursorPlaceholders.id}::uuid)`
        : undefined,
    ],
    order: [desc(tier), desc(table.createdAt), desc(table.id)],
  };
}
