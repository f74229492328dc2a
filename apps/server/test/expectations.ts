import type { Moderation, Sentiment } from '@mentora/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import { analyseText } from '../src/text/index.js';
import type { TestServer } from './harness.js';

// Checks that several test files make the same way.

/** A well-formed id that names nothing. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** How many rows of a table match, straight from the database. */
export async function countRows(t: TestServer, table: PgTable, where: SQL): Promise<number> {
  const { rows } = await t.ctx.db.execute(sql`select count(*)::int as n from ${table} where ${where}`);
  return Number((rows[0] as { n: number }).n);
}

/** What the API answered is exactly what analyseText says of the same text. */
export function expectAnalysedAs(actual: { sentiment: Sentiment; moderation: Moderation }, text: string): void {
  const expected = analyseText(text);
  expect(actual.sentiment.label).toBe(expected.sentiment.label);
  expect(actual.sentiment.polarity).toBeCloseTo(expected.sentiment.polarity, 5);
  expect(actual.moderation).toEqual(expected.moderation);
}

/** What the row stored is exactly what analyseText says of the same text. */
export function expectStoredAs(
  row:
    | { sentimentLabel: Sentiment['label']; sentimentPolarity: number; flagged: boolean; flagReason: string | null }
    | undefined,
  text: string,
): void {
  expect(row).toBeDefined();
  if (!row) return;
  expectAnalysedAs(
    {
      sentiment: { label: row.sentimentLabel, polarity: row.sentimentPolarity },
      moderation: { flagged: row.flagged, reason: row.flagReason },
    },
    text,
  );
}
