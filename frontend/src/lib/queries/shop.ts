import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ShopProfile } from '@/types/api';

export const getShop = (signal?: AbortSignal) => api<ShopProfile>('/api/shop', { signal });

export const shopQuery = queryOptions({
  queryKey: ['shop'],
  queryFn: ({ signal }) => getShop(signal),
  staleTime: Infinity,
});

export const useShop = () => useQuery(shopQuery);
