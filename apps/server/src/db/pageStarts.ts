/**
 * Where a remembered page of a list starts (docs/decisions/0008): its first row's sort value (as
 * text, exact to the microsecond or cent) and id, and the version of the trigger-kept totals it was
 * read under. A deep page by OFFSET makes PostgreSQL step over every row before it; from a known
 * start it is read through the index, as cheap as page 1. A start is only used while the version
 * it was read under stands.
 */
export interface PageStart {
  key: string;
  id: number;
  version: string;
}

const PAGE_STARTS_MAX = 2000;

/** Page starts of one list by filters, order and offset, per database, the oldest forgotten first. */
export function pageStartMemo() {
  const byDb = new WeakMap<object, Map<string, PageStart>>();
  return {
    get(db: object, key: string): PageStart | undefined {
      return byDb.get(db)?.get(key);
    },
    remember(db: object, key: string, start: PageStart) {
      let m = byDb.get(db);
      if (!m) {
        m = new Map();
        byDb.set(db, m);
      }
      m.delete(key);
      if (m.size >= PAGE_STARTS_MAX) {
        const oldest = m.keys().next().value;
        if (oldest !== undefined) m.delete(oldest);
      }
      m.set(key, start);
    },
  };
}

export type PageStartMemo = ReturnType<typeof pageStartMemo>;

/** How many rows match and, when the trigger-kept totals said so, the version they were read under. */
export interface PageTotal {
  n: number;
  version: string | null;
}

/**
 * Reads one page of a list that may start from a remembered row. `read` runs the page query (one
 * row more than the page: where the next one starts) by OFFSET or from a start; `total` gives the
 * count and version, either alongside (`parallel`) or from the rows the page read (`fromRows`, for a
 * page that carries them). A start whose version has moved is dropped and the page read again by
 * OFFSET; the starts of this page and the next are remembered under the version they were read at.
 */
export async function readPageWithStarts<R extends { id: number; start_key: string }>(
  db: object,
  memo: PageStartMemo,
  options: {
    /** Whether this order and these filters may use remembered starts at all. */
    startable: boolean;
    /** The key of a page start: filters, order, size and values, plus the offset. */
    keyOf: (offset: number) => string;
    offset: number;
    limit: number;
    read: (start?: PageStart) => Promise<R[]>;
    total: { parallel: () => Promise<PageTotal> } | { fromRows: (rows: R[]) => Promise<PageTotal> };
  },
): Promise<{ rows: R[]; total: PageTotal }> {
  const { startable, keyOf, offset, limit, read, total: count } = options;
  const known = startable && offset > 0 ? memo.get(db, keyOf(offset)) : undefined;
  const counted = (rows: R[]) => ('fromRows' in count ? count.fromRows(rows) : count.parallel());
  let rows: R[];
  let total: PageTotal;
  if ('parallel' in count) [rows, total] = await Promise.all([read(known), count.parallel()]);
  else {
    rows = await read(known);
    total = await counted(rows);
  }
  if (known && total.version !== known.version) {
    rows = await read();
    if ('fromRows' in count) total = await counted(rows);
  }
  if (startable && total.version) {
    const first = rows[0];
    const next = rows[limit];
    if (first && offset > 0)
      memo.remember(db, keyOf(offset), { key: first.start_key, id: first.id, version: total.version });
    if (next)
      memo.remember(db, keyOf(offset + limit), { key: next.start_key, id: next.id, version: total.version });
  }
  return { rows: rows.slice(0, limit), total };
}
