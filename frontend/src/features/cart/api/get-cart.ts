import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, mayHaveSession } from '@/lib/api-client';
import type { Cart } from '@/types/api';

/** The server-side cart. Until the cart endpoints exist (or when they fail) it is empty. */
export async function getCart(signal?: AbortSignal): Promise<Cart> {
  if (!mayHaveSession()) return { products: [] };
  try {
    return await api<Cart>('/api/cart', { signal });
  } catch (error) {
    console.warn('Could not load the cart', error);
    return { products: [] };
  }
}

export const cartQuery = queryOptions({
  queryKey: ['cart'],
  queryFn: ({ signal }) => getCart(signal),
  staleTime: 60 * 1000,
  retry: false,
});

export const useCart = () => useQuery(cartQuery);

export const cartCount = (cart: Cart | undefined): number => cart?.products.reduce((sum, line) => sum + line.quantity, 0) ?? 0;

export const useCartCount = () => cartCount(useCart().data);
