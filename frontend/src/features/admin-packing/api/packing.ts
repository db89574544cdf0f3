import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { segment } from '@/lib/paths';
import type { PackingList, PackingOrder, ShipBody } from '@/types/packing';

const KEY = ['admin', 'packing'] as const;

/** GET /api/admin/packing/orders: confirmed orders, oldest first, packed or not. */
export const packingListQuery = queryOptions({
  queryKey: [...KEY, 'list'],
  queryFn: ({ signal }) => api<PackingList>('/api/admin/packing/orders', { signal }),
  staleTime: 0,
  retry: false,
});

export const usePackingList = () => useQuery(packingListQuery);

const orderPath = (number: string) => `/api/admin/packing/orders/${segment(number)}`;

/** GET /api/admin/packing/orders/{number}: the packing slip's facts. */
export const usePackingOrder = (number: string) =>
  useQuery({
    queryKey: [...KEY, 'order', number],
    queryFn: ({ signal }) => api<PackingOrder>(orderPath(number), { signal }),
    staleTime: 0,
    retry: false,
  });

function useOrderWrite<T>(number: string, action: 'packed' | 'shipped') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => api<PackingOrder>(`${orderPath(number)}/${action}`, { method: 'POST', body }),
    onSuccess: (order) => {
      client.setQueryData([...KEY, 'order', number], order);
      void client.invalidateQueries({ queryKey: [...KEY, 'list'] });
    },
  });
}

/** POST …/packed: marks a confirmed order packed. */
export const useMarkPacked = (number: string) => useOrderWrite<Record<string, never>>(number, 'packed');

/** POST …/shipped: hands it to the carrier (the customer hears of it as from the orders desk). */
export const useShip = (number: string) => useOrderWrite<ShipBody>(number, 'shipped');
