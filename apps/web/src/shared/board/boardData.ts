import { type InfiniteData, type QueryClient, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** A page of a list as the API answers it. */
export interface ListPage<T> {
  result: T[];
  count: number;
}

export type ColumnData<Item> = InfiniteData<ListPage<Item>, number>;

/** Where one column's items come from: its cache key and how to fetch a page of it. */
export interface ColumnSource<Item> {
  queryKey: QueryKey;
  fetchPage: (page: number) => Promise<ListPage<Item>>;
}

/** A column loads this many cards at a time. */
export const BOARD_PAGE_SIZE = 30;

/** One board column's items, page by page, until all `count` are loaded. */
export function useBoardColumnQuery<Item>(source: ColumnSource<Item>) {
  return useInfiniteQuery({
    queryKey: source.queryKey,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => source.fetchPage(pageParam),
    getNextPageParam: (last: ListPage<Item>, pages: ListPage<Item>[]) =>
      pages.reduce((n, p) => n + p.result.length, 0) < last.count ? pages.length + 1 : undefined,
  });
}

/** How the board reads and shows one kind of item (a case, a client). */
export interface BoardItems<Item, Stage extends string> {
  idOf: (item: Item) => number;
  nameOf: (item: Item) => string;
  stageOf: (item: Item) => Stage;
  /** Whether this user may pick the item up (a handle shows only then). */
  canDrag: (item: Item) => boolean;
  /** The face of a card, shared by the card in its column and the copy that follows the pointer. */
  renderCard: (item: Item) => ReactNode;
  /** Names the card element for tests and tools: `data-case-id`, `data-client-id`. */
  dataAttribute: `data-${string}`;
}

/** Moves a card between two column caches; returns how to put both back. */
export function moveCardInCache<Item>(
  queryClient: QueryClient,
  from: QueryKey,
  to: QueryKey,
  id: number,
  idOf: (item: Item) => number,
  moved: Item,
): () => void {
  const fromBefore = queryClient.getQueryData<ColumnData<Item>>(from);
  const toBefore = queryClient.getQueryData<ColumnData<Item>>(to);
  if (fromBefore) {
    queryClient.setQueryData<ColumnData<Item>>(from, {
      ...fromBefore,
      pages: fromBefore.pages.map((p) => ({
        result: p.result.filter((c) => idOf(c) !== id),
        count: p.count - 1,
      })),
    });
  }
  if (toBefore) {
    const [first, ...rest] = toBefore.pages;
    queryClient.setQueryData<ColumnData<Item>>(to, {
      ...toBefore,
      pages: first
        ? [{ result: [moved, ...first.result], count: first.count + 1 }, ...rest]
        : [{ result: [moved], count: 1 }],
    });
  }
  return () => {
    queryClient.setQueryData(from, fromBefore);
    queryClient.setQueryData(to, toBefore);
  };
}
