import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';

/** Shoppers are often on slow mobile data: no refetch on focus, one retry for network trouble only. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60 * 1000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 2 && !(isApiError(error) && error.status < 500),
      },
    },
  });
}
