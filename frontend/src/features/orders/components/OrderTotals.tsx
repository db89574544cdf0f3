import { useT } from '@/lib/i18n';
import { formatRupees, toPaise } from '@/lib/money';
import type { Order } from '@/types/orders';

/** The order's totals with its GST split: CGST + SGST within the shop's state, else IGST. */
export function OrderTotals({ order }: { order: Order }) {
  const t = useT();
  const { totals } = order;
  const rows: [string, number][] = [
    [t('order.totals.subtotal', { count: totals.item_count }), totals.subtotal],
    ...(order.place_of_supply === 'intra_state'
      ? ([
          [t('order.totals.cgst'), totals.cgst],
          [t('order.totals.sgst'), totals.sgst],
        ] as [string, number][])
      : ([[t('order.totals.igst'), totals.igst]] as [string, number][])),
  ];
  return (
    <dl className="space-y-2">
      {rows.map(([label, amount]) => (
        <div key={label} className="flex justify-between gap-4 text-stone-800">
          <dt>{label}</dt>
          <dd className="whitespace-nowrap tabular-nums">{formatRupees(toPaise(amount))}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 text-stone-800">
        <dt>{t('order.totals.shipping')}</dt>
        <dd className="text-right tabular-nums">
          {totals.shipping === 0 ? t('order.totals.free') : formatRupees(toPaise(totals.shipping))}
          {totals.shipping_tax > 0 ? (
            <span className="block text-sm text-stone-600">{t('order.totals.shippingGst', { amount: formatRupees(toPaise(totals.shipping_tax)) })}</span>
          ) : null}
        </dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-stone-200 pt-2 text-lg font-bold text-stone-900">
        <dt>{t('order.totals.total')}</dt>
        <dd className="whitespace-nowrap tabular-nums">{formatRupees(toPaise(totals.total))}</dd>
      </div>
    </dl>
  );
}
