import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Award } from '@/types/api';
import { HOME_LISTS_STALE_MS } from '@/features/home/api/get-featured-products';

export const getAwards = (signal?: AbortSignal) => api<Award[]>('/api/awards', { signal });

export const awardsQuery = queryOptions({
  queryKey: ['awards'],
  queryFn: ({ signal }) => getAwards(signal),
  staleTime: HOME_LISTS_STALE_MS,
  gcTime: HOME_LISTS_STALE_MS * 2,
});

export const useAwards = () => useQuery(awardsQuery);
