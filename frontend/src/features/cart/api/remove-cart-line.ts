import { removeLine, type LineRef } from '@/features/cart/cart-lines';
import { postCart, useCartMutation } from '@/features/cart/api/cart-mutation';

/** POST /api/cart/remove: takes a line out, shown at once. */
export const useRemoveCartLine = () =>
  useCartMutation({
    mutationFn: (line: LineRef) => postCart('remove', line),
    optimistic: removeLine,
    failure: 'cart.removeFailed',
  });
