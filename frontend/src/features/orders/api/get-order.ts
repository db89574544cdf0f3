import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import type { Order } from '@/types/orders';

export const getOrder = (uuid: string, signal?: AbortSignal) => api<Order>(`/api/orders/${encodeURIComponent(uuid)}`, { signal });

/** One order (the placed snapshot; only its status moves). A 404 is final, not retried. */
export const orderQuery = (uuid: string) =>
  queryOptions({
    queryKey: ['orders', uuid],
    queryFn: ({ signal }) => getOrder(uuid, signal),
    staleTime: 60 * 1000,
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });

export const useOrder = (uuid: string) => useQuery(orderQuery(uuid));
