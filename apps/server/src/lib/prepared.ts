import type { Db } from '../db/client';

/**
 * Statements prepared once per database, on first use: drizzle names a prepared statement, and each connection that
 * runs it parses and plans it once. For the hot reads and writes only (the kiosk's), where parsing and planning again
 * for every request showed in bench:kiosk.
 */
export function preparedPer<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let statements = made.get(db);
    if (statements === undefined) {
      statements = make(db);
      made.set(db, statements);
    }
    return statements;
  };
}
