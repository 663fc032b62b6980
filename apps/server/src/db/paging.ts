import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { preparedShapes } from './prepared.ts';

/** A page of a list: `limit` null means every row. */
export interface Paging {
  limit: number | null;
  offset: number;
}

/**
 * The rows of a page and the number of rows in all: counted by a second query only when the page
 * may not hold every row (`all=1`, the default of most case lists, needs no count).
 */
export async function withCount<R>(
  rows: PromiseLike<R[]>,
  count: () => PromiseLike<Array<{ n: number | string }>>,
  paging: Paging,
): Promise<{ rows: R[]; count: number }> {
  if (paging.limit === null) {
    const all = await rows;
    return { rows: all, count: all.length };
  }
  const [page, total] = await Promise.all([rows, count()]);
  return { rows: page, count: Number(total[0]?.n ?? 0) };
}

/** An ordered select that a page can be cut from and that can be prepared. */
export interface PageableQuery<R> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R[]> };
  limit(limit: Placeholder): {
    offset(offset: Placeholder): {
      prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R[]> };
    };
  };
}

/**
 * A list as prepared statements (see `preparedQuery`): every row, or one page with its count.
 * `where(shape)` gives the condition of a shape (which optional filters the call has), reading its
 * values through `sql.placeholder`; `rows` and `count` build the ordered select and the count.
 */
export function preparedList<R>(
  name: string,
  spec: {
    where: (shape: string) => SQL | undefined;
    rows: (db: DbOrTx, where: SQL | undefined) => PageableQuery<R>;
    count: (
      db: DbOrTx,
      where: SQL | undefined,
    ) => {
      prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Array<{ n: number }>> };
    };
  },
) {
  const all = preparedShapes(`${name}.all`, (db, shape) => spec.rows(db, spec.where(shape)));
  const page = preparedShapes(`${name}.page`, (db, shape) =>
    spec.rows(db, spec.where(shape)).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')),
  );
  const counted = preparedShapes(`${name}.count`, (db, shape) => spec.count(db, spec.where(shape)));
  return (db: DbOrTx, paging: Paging, values: Record<string, unknown>, shape = 'base') =>
    withCount(
      paging.limit === null
        ? all(db, shape, values)
        : page(db, shape, { ...values, limit: paging.limit, offset: paging.offset }),
      () => counted(db, shape, values),
      paging,
    );
}
