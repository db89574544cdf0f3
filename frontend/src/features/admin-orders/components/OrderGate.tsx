// The order the address names (`/admin/orders/:number`), or what stands in its way: loading, an
// unknown number, a failure to reach the shop.
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AdminPage } from '@/components/admin/AdminPage';
import { PageError } from '@/components/ErrorBox';
import { PageLoading } from '@/components/PageLoading';
import { isApiError } from '@/lib/api-client';
import type { StaffOrder } from '@/types/orders-desk';
import { useStaffOrder } from '@/features/admin-orders/api/orders-desk';
import { adminPaths } from '@/lib/admin-paths';

/** The order named in the address, or what stands in its way. */
export function OrderGate({ children }: { children: (order: StaffOrder) => ReactNode }) {
  const { number = '' } = useParams();
  const order = useStaffOrder(number);
  if (order.isPending) return <PageLoading />;
  if (order.isError) {
    if (isApiError(order.error, 404)) {
      return (
        <AdminPage title="Order not found">
          <p>
            No order has the number {number}. <Link to={adminPaths.orders.getHref()} className="text-green-900 underline">See all orders</Link>.
          </p>
        </AdminPage>
      );
    }
    return <PageError onRetry={() => void order.refetch()}>{order.error.message}</PageError>;
  }
  return <>{children(order.data)}</>;
}

