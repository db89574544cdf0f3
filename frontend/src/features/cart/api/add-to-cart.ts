import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AddToCartInput, Cart } from '@/types/api';
import { cartQuery } from '@/features/cart/api/get-cart';

export const addToCart = (input: AddToCartInput) =>
  api<{ cart?: unknown; products?: Cart['products'] } | undefined>('/api/cart/add', { method: 'POST', body: input });

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartQuery.queryKey }),
  });
}
