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
