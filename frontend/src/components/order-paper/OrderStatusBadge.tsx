import { useT } from '@/lib/i18n';
import type { OrderStatus } from '@/types/orders';
import { STATUS_LABELS } from '@/components/order-paper/order-format';

const TONES: Record<OrderStatus, string> = {
  placed: 'bg-sky-100 text-sky-900',
  awaiting_payment: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-green-100 text-green-900',
  shipped: 'bg-indigo-100 text-indigo-900',
  delivered: 'bg-green-800 text-white',
  cancelled: 'bg-stone-200 text-stone-800',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const t = useT();
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${TONES[status]}`}>{t(STATUS_LABELS[status])}</span>;
}
