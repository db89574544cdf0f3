import type { LineChangeBody } from '@/types/api';
import { setQuantity, type LineRef } from '@/features/cart/cart-lines';
import { postCart, useCartMutation } from '@/features/cart/api/cart-mutation';

/** The body of POST /api/cart/update; narrowed because the app always gives the line and its quantity. */
export type UpdateCartLineInput = LineChangeBody & LineRef & { quantity: number };

/** POST /api/cart/update: sets a line's quantity (the new absolute value), shown at once. */
export const useUpdateCartLine = () =>
  useCartMutation({
    mutationFn: (input: UpdateCartLineInput) => postCart('update', input),
    optimistic: (cart, input) => setQuantity(cart, input, input.quantity),
    failure: 'cart.updateFailed',
  });
