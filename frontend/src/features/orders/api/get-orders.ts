import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fromPaged, nextPageParam } from '@/lib/paging';
import type { OrderPage } from '@/types/orders';

const PER_PAGE = 10;

export const getOrders = (page: number, signal?: AbortSignal) =>
  api<OrderPage>('/api/orders', { query: { page, per_page: PER_PAGE }, signal });

/** The signed-in shopper's orders, newest first, a page at a time. */
export const ordersQuery = infiniteQueryOptions({
  queryKey: ['orders', 'list'],
  queryFn: async ({ pageParam, signal }) => fromPaged(await getOrders(pageParam, signal)),
  initialPageParam: 1,
  getNextPageParam: nextPageParam,
});

export const useOrders = () => useInfiniteQuery(ordersQuery);
