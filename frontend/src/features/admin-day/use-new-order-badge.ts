import { useEffect, useSyncExternalStore } from 'react';
import { useNewOrders } from '@/features/admin-day/api/new-orders';
import { markOrdersSeen, nextSeenOrderId, readSeenOrderId, showsNewOrders, subscribeSeenOrders } from '@/features/admin-day/seen-orders';

const serverSnapshot = () => null;

/**
 * How many orders came since this browser last showed the dashboard or the orders list; polled
 * while the tab is shown. On those pages the count is 0 and the mark follows the newest order.
 */
export function useNewOrderBadge(pathname: string, enabled = true): number {
  const looking = showsNewOrders(pathname);
  const seen = useSyncExternalStore(subscribeSeenOrders, () => readSeenOrderId(), serverSnapshot);
  const newOrders = useNewOrders(seen, enabled);
  const latest = newOrders.data?.latest_order_id ?? null;
  const answered = newOrders.data !== undefined;

  useEffect(() => {
    if (!answered) return;
    const next = nextSeenOrderId(seen, latest, looking);
    if (next !== null) markOrdersSeen(next);
  }, [answered, seen, latest, looking]);

  return looking ? 0 : (newOrders.data?.count ?? 0);
}
