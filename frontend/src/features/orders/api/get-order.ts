import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import type { Order } from '@/types/orders';

/** `key`: the one a message's link carries, which opens the order without signing in. */
export const getOrder = (uuid: string, key?: string, signal?: AbortSignal) => {
  const query = key ? `?${new URLSearchParams({ key }).toString()}` : '';
  return api<Order>(`/api/orders/${encodeURIComponent(uuid)}${query}`, { signal });
};

/**
 * One order (the placed snapshot; only its status moves). A 404 is final, not retried. Opened by
 * a link's key, it is cached under that key too, apart from the same order opened by a session.
 */
export const orderQuery = (uuid: string, key?: string) =>
  queryOptions({
    queryKey: key ? ['orders', uuid, { key }] : ['orders', uuid],
    queryFn: ({ signal }) => getOrder(uuid, key, signal),
    staleTime: 60 * 1000,
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });

export const useOrder = (uuid: string, key?: string) => useQuery(orderQuery(uuid, key));
