import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

interface Executable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}
interface Preparable<R> {
  prepare(name: string): Executable<R>;
}

/**
 * A hot query built once per database and kept as a named prepared statement: no query building
 * in the request, and PostgreSQL parses and plans it once per connection instead of per call.
 * Values go in through `sql.placeholder(name)`. Inside a transaction the query is built on the
 * transaction's connection (same name and text, so PostgreSQL still reuses its plan).
 */
export function preparedQuery<R>(
  name: string,
  build: (db: DbOrTx) => Preparable<R>,
): (db: DbOrTx, values?: Record<string, unknown>) => Promise<R> {
  const byDb = new WeakMap<object, Executable<R>>();
  return (db, values) => {
    if (is(db, PgTransaction)) return build(db).prepare(name).execute(values);
    let query = byDb.get(db);
    if (!query) {
      query = build(db).prepare(name);
      byDb.set(db, query);
    }
    return query.execute(values);
  };
}

/**
 * Prepared variants of one query by shape (which optional filters are present, paged or not):
 * each shape is its own statement, named after the shape.
 */
export function preparedShapes<R>(
  name: string,
  build: (db: DbOrTx, shape: string) => Preparable<R>,
): (db: DbOrTx, shape: string, values?: Record<string, unknown>) => Promise<R> {
  const shapes = new Map<string, (db: DbOrTx, values?: Record<string, unknown>) => Promise<R>>();
  return (db, shape, values) => {
    let run = shapes.get(shape);
    if (!run) {
      run = preparedQuery(`${name}:${shape}`, (d) => build(d, shape));
      shapes.set(shape, run);
    }
    return run(db, values);
  };
}
