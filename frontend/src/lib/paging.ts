import { useCallback } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Facets, Paged } from '@/types/api';

/** One page of any list, whichever way the endpoint pages. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  hasMore: boolean;
  /** A product list's filter options and counts (the same on every page of it). */
  facets?: Facets;
}

export const PER_PAGE = 24;

export const fromPaged = <T,>(paged: Paged<T> & { facets?: Facets }): Page<T> => ({
  items: paged.data,
  total: paged.total,
  page: paged.page,
  hasMore: paged.has_more,
  ...(paged.facets ? { facets: paged.facets } : {}),
});

export const nextPageParam = (last: Page<unknown>) => (last.hasMore ? last.page + 1 : undefined);

/** Turns an infinite query into the props of InfiniteList. */
export function useInfiniteListProps<T>(query: UseInfiniteQueryResult<InfiniteData<Page<T>>>) {
  const { fetchNextPage, refetch, hasNextPage, isFetchingNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);
  const retry = useCallback(() => void refetch(), [refetch]);
  return {
    items: query.data?.pages.flatMap((page) => page.items) ?? [],
    total: query.data?.pages[0]?.total,
    isPending: query.isPending,
    isError: query.isError,
    hasNextPage,
    isFetchingNextPage,
    loadMore,
    retry,
  };
}
