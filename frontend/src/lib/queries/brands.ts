import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { BrandsResponse, BrandSummary } from '@/types/api';

export const getBrands = (signal?: AbortSignal) => api<BrandsResponse>('/api/brands', { signal });

export const brandsQuery = queryOptions({
  queryKey: ['brands'],
  // A brand load failure is only logged (spec section 8); the menus and carousel stay hidden.
  queryFn: ({ signal }) =>
    getBrands(signal).catch((error: unknown) => {
      console.warn('Could not load the brands', error);
      throw error;
    }),
  staleTime: 10 * 60 * 1000,
});

/** House brands first, then the others, as one list. */
export const allBrands = (response: BrandsResponse): BrandSummary[] => [...response.wellRootBrands, ...response.brands];

export const useBrands = () => useQuery(brandsQuery);
