import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, mayHaveSession } from '@/lib/api-client';
import type { Cart } from '@/types/api';
import { emptyCart, toCart } from '@/features/cart/cart-lines';

/**
 * The server-side cart. A first visit has none (and asks for nothing); a failed fetch is only
 * logged (spec section 8) and reads as empty.
 */
export async function getCart(signal?: AbortSignal): Promise<Cart> {
  if (!mayHaveSession()) return emptyCart();
  try {
    return toCart(await api<unknown>('/api/cart', { signal })) ?? emptyCart();
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('Could not load the cart', error);
    return emptyCart();
  }
}

export const cartQuery = queryOptions({
  queryKey: ['cart'],
  queryFn: ({ signal }) => getCart(signal),
  staleTime: 60 * 1000,
  retry: false,
});

export const useCart = () => useQuery(cartQuery);

/** Units in the cart, for the bag's badge. */
export const useCartCount = (): number => useCart().data?.cart.count ?? 0;
