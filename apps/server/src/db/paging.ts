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
