// What every cart change shares. The changes run one at a time, in order (one mutation scope), so
// the server sees them as the shopper made them. Each answers the whole cart, which becomes the
// cart query's data once no later change is waiting (an earlier answer would undo the later
// change's optimistic state for a moment). An optimistic change shows at once and is rolled back
// when the server refuses it. A failure is logged and shown in an error toast with the server's
// message (such as how many are in stock).
import { useMutation, useQueryClient, type MutationOptions, type QueryClient } from '@tanstack/react-query';
import { useToast, type ToastApi } from '@/components/toast/useToast';
import { api, isApiError, isOfflineError } from '@/lib/api-client';
import { saveCart } from '@/lib/saved-cart';
import { t, type MessageId } from '@/lib/i18n';
import type { Cart, LineBody, LineChangeBody } from '@/types/api';
import { toCart } from '@/features/cart/cart-lines';
import { cartQuery } from '@/features/cart/api/get-cart';

const cartMutationKey = ['cart'];

export const postCart = (path: 'add' | 'update' | 'remove' | 'clear', body?: LineBody | LineChangeBody) => api<unknown>(`/api/cart/${path}`, { method: 'POST', body });

interface CartMutationOptions<V> {
  mutationFn: (variables: V) => Promise<unknown>;
  /** The cart as it will be once the server agrees; left out, the cart waits for the answer. */
  optimistic?: (cart: Cart, variables: V) => Cart;
  /** The heading of the error toast. */
  failure: MessageId;
}

/** The explanation under an error toast's heading: the server's words, or a hint to retry. */
export function failureMessage(error: unknown): string {
  if (isOfflineError(error)) return t('offline.write');
  if (isApiError(error) && error.status < 500) return error.message;
  return isApiError(error) ? t('cart.errorTryAgain') : t('cart.errorOffline');
}

/** Whether the change settling now is the last one queued. */
const isLastChange = (queryClient: QueryClient) => queryClient.isMutating({ mutationKey: cartMutationKey }) <= 1;

/** The options of a cart change, for useMutation or a MutationObserver. */
export function cartMutationOptions<V>(
  queryClient: QueryClient,
  toast: ToastApi,
  { mutationFn, optimistic, failure }: CartMutationOptions<V>,
): MutationOptions<unknown, unknown, V, { previous?: Cart }> {
  return {
    mutationKey: cartMutationKey,
    scope: { id: 'cart' },
    mutationFn,
    onMutate: async (variables) => {
      if (!optimistic) return {};
      await queryClient.cancelQueries({ queryKey: cartQuery.queryKey });
      const previous = queryClient.getQueryData(cartQuery.queryKey);
      if (previous) queryClient.setQueryData(cartQuery.queryKey, optimistic(previous, variables));
      return { previous };
    },
    onSuccess: (answer) => {
      if (!isLastChange(queryClient)) return;
      const cart = toCart(answer);
      if (cart) {
        queryClient.setQueryData(cartQuery.queryKey, cart);
        saveCart(answer);
      }
      else void queryClient.invalidateQueries({ queryKey: cartQuery.queryKey });
    },
    onError: (error, _variables, context) => {
      if (!isOfflineError(error)) console.error(t(failure), error);
      toast.error(t(failure), failureMessage(error));
      if (!isLastChange(queryClient)) return;
      if (context?.previous) queryClient.setQueryData(cartQuery.queryKey, context.previous);
      // The refusal may carry news (less stock, a withdrawn product): read the cart again.
      void queryClient.invalidateQueries({ queryKey: cartQuery.queryKey });
    },
  };
}

export function useCartMutation<V>(options: CartMutationOptions<V>) {
  return useMutation(cartMutationOptions(useQueryClient(), useToast(), options));
}
