import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { NewOrders } from '@/types/day-desk';

/** How often the back office asks for new orders while its tab is shown (hidden tabs do not ask). */
export const NEW_ORDERS_POLL_MS = 30 * 1000;

/**
 * GET /api/admin/dashboard/new-orders: how many orders came after order `since` (none without it).
 * Not asked when `enabled` is false (a packer's role does not include the dashboard).
 */
export const useNewOrders = (since: number | null, enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['admin', 'new-orders', since],
    queryFn: ({ signal }) => api<NewOrders>('/api/admin/dashboard/new-orders', { signal, query: { since: since ?? undefined } }),
    staleTime: 0,
    retry: false,
    refetchInterval: NEW_ORDERS_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
