import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { FeaturedProduct } from '@/types/api';

/** Featured products and awards are cached for 5 minutes and not refetched while fresh. */
export const HOME_LISTS_STALE_MS = 5 * 60 * 1000;

export const getFeaturedProducts = (signal?: AbortSignal) => api<FeaturedProduct[]>('/api/featured-products', { signal });

export const featuredProductsQuery = queryOptions({
  queryKey: ['featured-products'],
  queryFn: ({ signal }) => getFeaturedProducts(signal),
  staleTime: HOME_LISTS_STALE_MS,
  gcTime: HOME_LISTS_STALE_MS * 2,
});

export const useFeaturedProducts = () => useQuery(featuredProductsQuery);
