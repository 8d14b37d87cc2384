import { eq, sql, type Column, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
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

/** What a drizzle prepared query keeps of the query it was built from (the same in both drivers' prepared queries). */
type BuiltQuery = {
  query: Query;
  fields?: SelectedFieldsOrdered;
  _isResponseInArrayMode?: boolean;
  joinsNotNullableMap?: Record<string, boolean>;
};

type Preparable<R> = { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> } };

/**
 * A drizzle query (select, insert or update, its values `sql.placeholder(name)`) built once per
 * process and run as a named statement on whatever handle it is given, a transaction's too: for the
 * statements an order runs. Unlike preparedSql, the query's columns encode the placeholders' values
 * (a JSON column's object is serialized) and decode its rows (timestamps as Dates). Built on the
 * first handle that runs it; another handle gets a prepared query made from the same text and
 * fields, which costs next to nothing. A column's encoder is given every value, null too: where a
 * value may be null, put the placeholder in its own `sql` chunk (no encoder; the driver sends a
 * Date as a time and an object as JSON).
 */
export function preparedQuery<R>(name: string, build: (db: Db) => Preparable<R>): (db: Db, values: Record<string, unknown>) => Promise<R> {
  let built: BuiltQuery | undefined;
  const statement = preparedPerDatabase((db) => {
    if (!built) {
      const first = build(db).prepare(name);
      built = first as unknown as BuiltQuery;
      return first;
    }
    const again = db._.session.prepareQuery<PreparedQueryConfig & { execute: R }>(
      built.query,
      built.fields,
      name,
      built._isResponseInArrayMode ?? false,
    ) as unknown as BuiltQuery & { execute(values: Record<string, unknown>): Promise<R> };
    again.joinsNotNullableMap = built.joinsNotNullableMap;
    return again;
  });
  return (db, values) => statement(db).execute(values);
}

/**
 * One statement per kind of owner, made once: `make` gets the kind and the condition that the
 * owner's column equals the placeholder `owner` (a customer's id, a guest's session, say).
 */
export function perOwnerColumn<K extends string, S>(columns: Record<K, Column>, make: (kind: K, owner: SQL) => S): Record<K, S> {
  return Object.fromEntries(
    (Object.entries(columns) as [K, Column][]).map(([kind, column]) => [kind, make(kind, eq(column, sql.placeholder('owner')))]),
  ) as Record<K, S>;
}
