import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { FindOrderBody } from '@/types/api';
import type { Order } from '@/types/orders';
import { orderQuery } from '@/features/orders/api/get-order';

export const findOrder = (body: FindOrderBody) => api<Order>('/api/orders/find', { method: 'POST', body });

/**
 * POST /api/orders/find: a guest order by its number and mobile number. The order found is kept
 * as its page's data, so opening that page asks nothing more.
 */
export function useFindOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: findOrder,
    onSuccess: (order) => queryClient.setQueryData(orderQuery(order.uuid).queryKey, order),
  });
}
