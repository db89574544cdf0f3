// The catalogue desk's calls (/api/admin/catalog). After any write, every cached answer but the
// signed-in user is refetched when next shown: the shop's own lists in this tab change too.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type RequestOptions } from '@/lib/api-client';

export const DESK = '/api/admin/catalog';

export const deskKeys = {
  all: ['desk'] as const,
  products: (search: string) => ['desk', 'products', search] as const,
  product: (id: number) => ['desk', 'product', id] as const,
  photos: (productId: number) => ['desk', 'photos', productId] as const,
  movements: (variantId: number) => ['desk', 'movements', variantId] as const,
  lowStock: ['desk', 'low-stock'] as const,
  countList: (search: string) => ['desk', 'count-list', search] as const,
  brands: ['desk', 'brands'] as const,
  categories: ['desk', 'categories'] as const,
  awards: ['desk', 'awards'] as const,
  gstRates: ['desk', 'gst-rates'] as const,
  crops: ['desk', 'crops'] as const,
  problems: ['desk', 'problems'] as const,
  synonyms: ['desk', 'synonyms'] as const,
  cropLinks: (productId: number) => ['desk', 'crop-links', productId] as const,
};

export const deskGet = <T,>(path: string, signal?: AbortSignal, query?: RequestOptions['query']) => api<T>(`${DESK}${path}`, { signal, query });

export function refreshAfterWrite(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'user' });
}

/** A desk write: `method` to `path(variables)` with `body(variables)`; refreshes what it changed. */
type WriteMethod = 'POST' | 'PUT' | 'DELETE';

/** POST for something new (no id), PUT to replace what has one. */
export const createOrReplace = ({ id }: { id?: number }): WriteMethod => (id === undefined ? 'POST' : 'PUT');

export function useDeskWrite<TVariables, TResult = unknown>(
  method: WriteMethod | ((variables: TVariables) => WriteMethod),
  path: (variables: TVariables) => string,
  body?: (variables: TVariables) => unknown,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => api<TResult>(`${DESK}${path(variables)}`, { method: typeof method === 'function' ? method(variables) : method, body: body ? body(variables) : undefined }),
    onSuccess: () => refreshAfterWrite(queryClient),
  });
}
