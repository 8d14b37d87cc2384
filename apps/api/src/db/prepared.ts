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

/** What a prepared query is made from: its text and parameters, and how its rows map back (none: raw rows). */
type BuiltQuery = {
  query: Query;
  fields?: SelectedFieldsOrdered;
  _isResponseInArrayMode?: boolean;
  joinsNotNullableMap?: Record<string, boolean>;
};

type Statement<R> = { execute(values: Record<string, unknown>): Promise<R> };

/**
 * A named statement per database handle, all made from one query built on first use (not when the
 * module loads: what it composes may be defined further down the module). A transaction's handle is
 * its own, so each gets a prepared query of its own, which is cheap; only the built query is shared.
 */
function namedPerHandle<R>(name: string, build: (db: Db) => BuiltQuery): (db: Db) => Statement<R> {
  let built: BuiltQuery | undefined;
  return preparedPerDatabase((db) => {
    built ??= build(db);
    const statement = db._.session.prepareQuery<PreparedQueryConfig & { execute: R }>(
      built.query,
      built.fields,
      name,
      built._isResponseInArrayMode ?? false,
    );
    (statement as unknown as BuiltQuery).joinsNotNullableMap = built.joinsNotNullableMap;
    return statement;
  });
}

/**
 * A hand-written statement (a `sql` template, its values `sql.placeholder(name)`) turned into text
 * once per process and run as a named statement: for the statements the bag and the checkout run on
 * every tap and order. Building the text cost the server more CPU than the rest of the request, and
 * planning these CTEs cost PostgreSQL more than running them; a named statement is parsed and planned
 * once per connection (+ / −: 452 → 1,034 req/s on one machine). Inside a transaction too (see
 * namedPerHandle). Placeholders skip column encoders, as in preparedPerDatabase; rows come raw.
 */
export function preparedSql<Row>(name: string, build: () => SQL): (db: Db, values: Record<string, unknown>) => Promise<Row[]> {
  const statement = namedPerHandle<{ rows: Row[] }>(name, () => ({ query: dialect.sqlToQuery(build()) }));
  return async (db, values) => (await statement(db).execute(values)).rows;
}

type Preparable<R> = { prepare(name: string): Statement<R> };

/**
 * A drizzle query (select, insert or update, its values `sql.placeholder(name)`) built once per
 * process and run as a named statement on whatever handle it is given, a transaction's too: for the
 * statements an order runs. Unlike preparedSql, the query's columns encode the placeholders' values
 * (a JSON column's object is serialized) and decode its rows (timestamps as Dates): drizzle's own
 * prepared query, built once, gives the text and the fields. A column's encoder is given every
 * value, null too: where a value may be null, put the placeholder in its own `sql` chunk (no
 * encoder; the driver sends a Date as a time and an object as JSON).
 */
export function preparedQuery<R>(name: string, build: (db: Db) => Preparable<R>): (db: Db, values: Record<string, unknown>) => Promise<R> {
  const statement = namedPerHandle<R>(name, (db) => build(db).prepare(name) as unknown as BuiltQuery);
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
