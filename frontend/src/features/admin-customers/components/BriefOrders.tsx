import { Link } from 'react-router';
import { formatLocalDateTime } from '@/lib/dates';
import { formatRupees, toPaise } from '@/lib/money';
import type { OrderBrief } from '@/types/day-desk';
import type { OrderStatus } from '@/types/orders';
import { ORDER_STATUS_LABELS } from '@/features/admin-customers/customer-format';
import { adminPaths } from '@/lib/admin-paths';

/** A customer's orders as rows that open on the orders desk. */
export function BriefOrders({ orders, dimmed }: { orders: OrderBrief[]; dimmed?: boolean }) {
  if (orders.length === 0) return <p className="text-stone-700">No orders yet.</p>;
  return (
    <ul className={`-mx-4 divide-y divide-stone-200 border-t border-stone-200 sm:-mx-5 ${dimmed ? 'opacity-60' : ''}`}>
      {orders.map((order) => (
        <li key={order.number}>
          <Link to={adminPaths.order.getHref(order.number)} className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-stone-50 sm:grid-cols-[12rem_1fr_10rem_8rem] sm:px-5">
            <span className="font-semibold whitespace-nowrap text-green-900 underline">{order.number}</span>
            <span className="text-right font-semibold tabular-nums sm:order-last">{formatRupees(toPaise(order.total))}</span>
            <span className="text-sm text-stone-600">{formatLocalDateTime(order.placed_at)}</span>
            <span className="text-right text-sm font-medium text-stone-800 sm:text-left">{ORDER_STATUS_LABELS[order.status as OrderStatus] ?? order.status}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
