import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import type { ToastApi } from '@/components/toast/useToast';
import type { AddToCartInput } from '@/types/api';
import { cartMutationOptions, postCart } from '@/features/cart/api/cart-mutation';

/**
 * POST /api/cart/add: adds to a line (making it if needed), waiting for the server's answer.
 * Called outside React: the app loads this module on first use, keeping it out of the first page.
 */
export function addToCart(queryClient: QueryClient, toast: ToastApi, input: AddToCartInput): Promise<unknown> {
  const options = cartMutationOptions(queryClient, toast, {
    mutationFn: (body: AddToCartInput) => postCart('add', body),
    failure: 'cart.addFailed',
  });
  return new MutationObserver(queryClient, options).mutate(input);
}
