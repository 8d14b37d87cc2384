import type { Query, SQL } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import { CASING, type Db } from './client.js';

/**
 * A statement that nearly every request runs, built once per database handle and prepared by name
 * on each connection (drizzle's `.prepare`), its values given as placeholders. Building the query
 * cost the server more than PostgreSQL's answer to it (the header badge: 2,297 → 5,958 req/s at the
 * reference speed). Built per handle: a statement runs on the handle it was built from, and a
 * transaction's handle is its own (preparedSql builds only a cheap wrapper per handle). A
 * placeholder's value goes to the driver as given (no column encoder): fine for numbers, text and
 * Dates; a JSON or custom column's value would need its column's mapToDriverValue applied first.
 */
export function preparedPerDatabase<S>(build: (db: Db) => S): (db: Db) => S {
  const built = new WeakMap<Db, S>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}

/** The dialect that turns a statement into its text once, with the column names as the database handles give them. */
const dialect = new PgDialect({ casing: CASING });

/**
 * A hand-written statement (a `sql` template, its values `sql.placeholder(name)`) turned into text
 * once per process and run as a named statement: for the statements the bag and the checkout run on
 * every tap and order. Building the text cost the server more CPU than the rest of the request, and
 * planning these CTEs cost PostgreSQL more than running them; a named statement is parsed and planned
 * once per connection (+ / −: 452 → 1,034 req/s on one machine). Inside a transaction too: the
 * prepared query is made for the handle it runs on (a transaction's handle is its own), which is
 * cheap; only the text is shared. Placeholders skip column encoders, as in preparedPerDatabase.
 */
export function preparedSql<Row>(name: string, build: () => SQL): (db: Db, values: Record<string, unknown>) => Promise<Row[]> {
  // Built on first use, not when the module loads: what it composes may be defined further down the module.
  let query: Query | undefined;
  const statement = preparedPerDatabase((db) =>
    db._.session.prepareQuery<PreparedQueryConfig & { execute: { rows: Row[] } }>(
      (query ??= dialect.sqlToQuery(build())),
      undefined,
      name,
      false,
    ),
  );
  return async (db, values) => (await statement(db).execute(values)).rows;
}
