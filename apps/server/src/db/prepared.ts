import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Queryable } from './client.js';

// Drizzle builds a statement's SQL text anew on every call, walking its parts with instanceof-like
// checks, which costs more than running a simple query such as the session lookup. A prepared
// statement is built once per database handle (and per shape, for a query whose WHERE clause varies)
// and then only executed with its values (sql.placeholder).
// On PostgreSQL it is also a named statement, parsed and planned once per connection.

/**
 * The statement `build` makes, built at most once per handle and shape. `statementName` is unique per
 * shape and at most 63 bytes (PostgreSQL truncates longer names, which would make two shapes collide).
 * A transaction handle gets its own copy, forgotten with the transaction.
 *
 * plan 'generic' (the default) names the statement: PostgreSQL may plan it once per connection, for
 * any values, which suits lookups by key. 'custom' leaves it unnamed, planned for each call's values:
 * for lists whose best plan depends on them (a search matching 5 classes wants the text index, one
 * matching half of them the newest-first index). Only drizzle's building is saved then.
 */
export function prepared<Q, S extends string = ''>(
  name: string,
  build: (db: Queryable, statementName: string, shape: S) => Q,
  { plan = 'generic' }: { plan?: 'generic' | 'custom' } = {},
): (db: Queryable, shape?: S) => Q {
  const byHandle = new WeakMap<Queryable, Map<string, Q>>();
  return (db, shape = '' as S) => {
    let shapes = byHandle.get(db);
    if (!shapes) {
      shapes = new Map();
      byHandle.set(db, shapes);
    }
    let statement = shapes.get(shape);
    if (statement === undefined) {
      const statementName = shape ? `${name}:${shape}` : name;
      if (Buffer.byteLength(statementName) > 63) throw new Error(`statement name too long: ${statementName}`);
      statement = build(db, plan === 'generic' ? statementName : '', shape);
      shapes.set(shape, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/** A statement written in SQL (sql.placeholder for its values), prepared as `prepared` does; rows as the driver reads them. */
export interface PreparedSql<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

/**
 * `prepared` for what drizzle's builders cannot say (a statement of data-modifying CTEs, say): named and
 * planned once per connection like a lookup by key. Rows come as the driver reads them (column names
 * as written, no mapping): keep to plain values (text, uuid, boolean, integer).
 */
export function preparedSql<Row>(name: string, statement: SQL): (db: Queryable) => PreparedSql<Row> {
  const query = dialect.sqlToQuery(statement);
  return prepared(name, (db, statementName) => {
    const ready = db._.session.prepareQuery(query, undefined, statementName, false);
    return {
      async execute(values) {
        return ((await ready.execute(values)) as { rows: Row[] }).rows;
      },
    };
  });
}

/**
 * A placeholder for an array of `type` (for statements over many rows: `unnest($1::uuid[], …)`). PGlite
 * writes array parameters by the types it knew when it opened the database: an enum's array type made
 * by a migration since then is unknown to it (the whole array would go as one string), so an enum's
 * values go as text[] and are cast in SQL.
 */
export function arrayParam(name: string, type: 'uuid' | 'text' | 'real' | 'boolean'): SQL {
  return sql`${sql.placeholder(name)}::${sql.raw(type)}[]`;
}
