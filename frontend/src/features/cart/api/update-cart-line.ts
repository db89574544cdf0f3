import { setQuantity, type LineRef } from '@/features/cart/cart-lines';
import { postCart, useCartMutation } from '@/features/cart/api/cart-mutation';

export type UpdateCartLineInput = LineRef & { quantity: number };

/** POST /api/cart/update: sets a line's quantity (the new absolute value), shown at once. */
export const useUpdateCartLine = () =>
  useCartMutation({
    mutationFn: (input: UpdateCartLineInput) => postCart('update', input),
    optimistic: (cart, input) => setQuantity(cart, input, input.quantity),
    failure: 'cart.updateFailed',
  });
