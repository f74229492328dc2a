import { type Column, getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

const columnsOf = new WeakMap<Table, [string, Column][]>();

/**
 * A row of `table` from its columns by SQL name, as drizzle would have read it from a select: keyed by
 * property, each value mapped by its column (a time to a Date, a `bigint` in number mode to a number).
 * For what statements written in SQL hand back (db/prepared.ts preparedSql): a row the driver read
 * (`r.*`), or one written as JSON (`row_to_json(r)`). Other keys are ignored; a missing column throws.
 */
export function rowOf<T extends Table>(table: T, columns: Record<string, unknown>): InferSelectModel<T> {
  let known = columnsOf.get(table);
  if (!known) {
    known = Object.entries(getTableColumns(table));
    columnsOf.set(table, known);
  }
  const row: Record<string, unknown> = {};
  for (const [key, column] of known) {
    if (!(column.name in columns)) throw new Error(`rowOf: no column ${column.name}`);
    const value = columns[column.name];
    row[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
