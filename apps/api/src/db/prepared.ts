import type { Db } from './client.js';

/**
 * A statement that nearly every request runs, built once per database handle and prepared by name
 * on each connection (drizzle's `.prepare`), its values given as placeholders. Building the query
 * cost the server more than PostgreSQL's answer to it (the header badge: 2,297 → 5,958 req/s at the
 * reference speed). Not for a transaction: the statement runs on the handle it was built from. A
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
