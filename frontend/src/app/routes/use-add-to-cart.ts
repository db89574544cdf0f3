import { useCallback } from 'react';
import { useCartPanel } from '@/app/cart-panel';
import { useAddToCart } from '@/features/cart/api/add-to-cart';
import type { AddToCart } from '@/types/api';

/** Adds a line through the cart API, then opens the cart panel. Failures reach the caller. */
export function useAddToCartAndOpen(): AddToCart {
  const { mutateAsync } = useAddToCart();
  const { open } = useCartPanel();
  return useCallback(
    async (input) => {
      await mutateAsync(input);
      open();
    },
    [mutateAsync, open],
  );
}
