import { emptyCart } from '@/features/cart/cart-lines';
import { postCart, useCartMutation } from '@/features/cart/api/cart-mutation';

/** POST /api/cart/clear: empties the cart, shown at once. */
export const useClearCart = () =>
  useCartMutation({ mutationFn: () => postCart('clear'), optimistic: emptyCart, failure: 'cart.clearFailed' });
