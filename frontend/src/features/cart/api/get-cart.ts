import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, mayHaveSession } from '@/lib/api-client';
import { savedCart, saveCart } from '@/lib/saved-cart';
import type { Cart } from '@/types/api';
import { emptyCart, toCart } from '@/features/cart/cart-lines';

/**
 * The server-side cart. A first visit has none (and asks for nothing); a failed fetch is only
 * logged (spec section 8) and reads as empty, unless the shop could not be reached at all (the
 * phone is offline): then it reads as the last cart the server answered (src/lib/saved-cart.ts).
 */
export async function getCart(signal?: AbortSignal): Promise<Cart> {
  if (!mayHaveSession()) return emptyCart();
  try {
    const answer = await api<unknown>('/api/cart', { signal });
    saveCart(answer);
    return toCart(answer) ?? emptyCart();
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('Could not load the cart', error);
    return (isApiError(error) ? null : toCart(savedCart())) ?? emptyCart();
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
