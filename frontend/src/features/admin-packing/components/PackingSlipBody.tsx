// A packing slip's facts: the cash to collect (large), where it goes and what goes in the box.
// No price but the cash to collect: a packer sees nothing else of the order's money.
import { Panel } from '@/components/admin/AdminPage';
import { useT } from '@/lib/i18n';
import { formatRupees, toPaise } from '@/lib/money';
import type { PackingOrder } from '@/types/packing';

/** The cash the carrier collects, large: the first thing a packer and a courier look for. */
export function CashToCollect({ order }: { order: PackingOrder }) {
  const t = useT();
  if (order.collect_on_delivery === null) {
    return <p className="rounded-xl border-2 border-green-700 bg-green-50 p-4 text-lg font-semibold text-green-900">{t('admin.packing.paidNothingToCollect')}</p>;
  }
  return (
    <p data-testid="collect-on-delivery" className="rounded-xl border-2 border-amber-600 bg-amber-50 p-4 text-2xl font-bold text-stone-900">
      {t('admin.packing.collectCash', { amount: formatRupees(toPaise(order.collect_on_delivery)) })}
    </p>
  );
}

/** The slip: cash to collect, the address with the phone, and the lines with their quantities. */
export function PackingSlipBody({ order }: { order: PackingOrder }) {
  const t = useT();
  const to = order.deliver_to;
  return (
    <>
      <CashToCollect order={order} />
      <Panel title={t('admin.packing.deliverTo')}>
        <address className="not-italic leading-relaxed break-words text-stone-900">
          <span className="block font-semibold">{to.name}</span>
          <span className="block">{to.line1}</span>
          {to.line2 ? <span className="block">{to.line2}</span> : null}
          <span className="block">
            {to.city}, {to.district}
          </span>
          <span className="block">
            {to.state} {to.pincode}
          </span>
          <a href={`tel:${to.phone}`} className="mt-1 inline-block font-medium text-green-800 underline">
            {to.phone}
          </a>
        </address>
      </Panel>
      <Panel title={t('admin.packing.inTheBox', { count: order.item_count })}>
        <ul className="-mx-4 divide-y divide-stone-200 border-t border-stone-200 sm:-mx-5">
          {order.lines.map((line) => (
            <li key={line.sku} className="flex items-start justify-between gap-3 px-4 py-3 sm:px-5">
              <span className="min-w-0">
                <span className="block font-semibold break-words text-stone-900">{line.product_name}</span>
                <span className="block text-sm text-stone-600">
                  {line.variant_name ? `${line.variant_name} · ` : ''}
                  {line.sku}
                </span>
                {line.batches.map((batch) => (
                  <span key={batch.number} className="block text-sm text-stone-800" data-testid="slip-batch">
                    Batch <span className="font-semibold">{batch.number}</span>
                    {line.batches.length > 1 ? ` × ${batch.quantity}` : ''}
                    {batch.manufactured_on ? ` · made ${batch.manufactured_on}` : ''}
                    {batch.tested_on ? ` · tested ${batch.tested_on}` : ''}
                    {batch.expires_on ? ` · ${batch.tested_on ? 'valid until' : 'expires'} ${batch.expires_on}` : ''}
                  </span>
                ))}
              </span>
              <span className="shrink-0 text-xl font-bold tabular-nums">× {line.quantity}</span>
            </li>
          ))}
        </ul>
      </Panel>
    </>
  );
}
