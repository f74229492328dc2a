import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.js';
import * as schema from '../db/schema.js';

// What a backup holds, in terms of the schema: used to refuse overwriting data, to report what a
// restore brought back, and by the round-trip tests to compare every table.

export interface SchemaTable {
  name: string;
  table: PgTable;
  /** Primary key columns (database names), the order rows are compared in. */
  primaryKey: string[];
}

/** Every table of db/schema.ts. */
export function schemaTables(): SchemaTable[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => {
      const config = getTableConfig(table);
      const single = config.columns.filter((column) => column.primary).map((column) => column.name);
      const composite = config.primaryKeys[0]?.columns.map((column) => column.name) ?? [];
      return { name: config.name, table, primaryKey: single.length > 0 ? single : composite };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Rows in each schema table that exists in this database (a table not created yet counts 0). */
export async function rowCounts(db: Queryable): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const { name } of schemaTables()) {
    const { rows } = await db.execute(sql`select to_regclass(${`public.${name}`}) is not null as present`);
    if (!(rows[0] as { present: boolean }).present) {
      counts.set(name, 0);
      continue;
    }
    const result = await db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts.set(name, Number((result.rows[0] as { n: number }).n));
  }
  return counts;
}

export const totalRows = (counts: Map<string, number>) => [...counts.values()].reduce((sum, n) => sum + n, 0);

/** "3 users, 2 classes, …": the tables that have rows. */
export function describeCounts(counts: Map<string, number>): string {
  const parts = [...counts].filter(([, n]) => n > 0).map(([name, n]) => `${name}: ${n}`);
  return parts.length > 0 ? parts.join(', ') : 'no rows';
}
