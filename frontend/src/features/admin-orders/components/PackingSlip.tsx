// The packing slip that goes in the parcel: who it is for, what is in it, no prices; and, large
// for whoever hands the parcel over, the cash to collect on delivery (or that it is paid).
import '@/lib/desk-messages';
import { PostalAddressView } from '@/components/order-paper/PostalAddressView';
import { formatDate } from '@/components/order-paper/order-format';
import { useT } from '@/lib/i18n';
import { formatRupees, formatRupeesShort, toPaise } from '@/lib/money';
import type { StaffOrder } from '@/types/orders-desk';
import '@/components/order-paper/print.css';
import '@/features/admin-orders/packing-slip.css';

/** Whole rupees when there are no paise (`₹1,234`), else to the paisa. */
function cashAmount(rupees: number): string {
  const paise = toPaise(rupees);
  return paise % 100 === 0 ? formatRupeesShort(paise) : formatRupees(paise);
}

/** What the parcel's hander-over must know about money: collect, paid, or not paid yet. */
function MoneyLine({ order }: { order: StaffOrder }) {
  const t = useT();
  if (order.payment_state === 'paid') return <p className="mt-1 text-xl font-bold">{t('desk.slip.paid')}</p>;
  if (order.payment_method === 'cod') {
    return (
      <p className="mt-1 border-4 border-stone-900 p-2 text-2xl font-extrabold" data-testid="cod-collect">
        {t('desk.slip.collect', { amount: cashAmount(order.totals.total) })}
      </p>
    );
  }
  return <p className="mt-1 text-xl font-bold">{t('desk.slip.unpaid')}</p>;
}

/** `alone`: the slip is the page's only one (its own screen); several print one a page. */
export function PackingSlip({ order, alone = true }: { order: StaffOrder; alone?: boolean }) {
  const { seller } = order;
  return (
    <article id={alone ? 'packing-slip' : undefined} data-print-alone className="packing-slip rounded-xl border border-stone-300 bg-white p-4 text-stone-900 sm:p-8">
      <header className="flex flex-col gap-3 border-b-2 border-stone-800 pb-4 sm:flex-row sm:justify-between">
        <div>
          <p className="text-xl font-bold">{seller.name}</p>
          <p>{seller.phone}</p>
        </div>
        <div className="sm:text-right">
          <h2 className="text-2xl font-bold tracking-wider uppercase">Packing slip</h2>
          <p className="font-semibold">{order.number}</p>
          <p>{formatDate(order.placed_at)}</p>
          {order.invoice ? <p>Invoice {order.invoice.number}</p> : null}
          {order.invoice?.eway_bill_number ? (
            <p className="mt-1 text-lg font-bold tabular-nums" data-testid="eway-bill">
              E-way bill {order.invoice.eway_bill_number}
            </p>
          ) : null}
        </div>
      </header>
      <section className="grid gap-4 border-b border-stone-300 py-4 sm:grid-cols-2">
        <div>
          <h3 className="text-xs font-bold tracking-wider text-stone-700 uppercase">Ship to</h3>
          <div className="mt-1 text-lg">
            <PostalAddressView address={order.shipping_address} />
          </div>
        </div>
        <div>
          <h3 className="text-xs font-bold tracking-wider text-stone-700 uppercase">Payment</h3>
          <MoneyLine order={order} />
          {order.notes ? (
            <>
              <h3 className="mt-3 text-xs font-bold tracking-wider text-stone-700 uppercase">Customer’s notes</h3>
              <p className="whitespace-pre-line">{order.notes}</p>
            </>
          ) : null}
        </div>
      </section>
      <table className="mt-4 w-full border-collapse text-left">
        <thead>
          <tr className="border-y border-stone-800 text-sm">
            <th scope="col" className="px-2 py-2">
              #
            </th>
            <th scope="col" className="px-2 py-2">
              Item
            </th>
            <th scope="col" className="px-2 py-2">
              SKU
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Quantity
            </th>
            <th scope="col" className="px-2 py-2 text-center">
              Packed
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={`${line.product_id}-${line.variant_id}`} className="border-b border-stone-300 align-top">
              <td className="px-2 py-2">{index + 1}</td>
              <td className="px-2 py-2 font-medium">
                {line.product_name}
                {line.variant_name ? ` – ${line.variant_name}` : ''}
              </td>
              <td className="px-2 py-2">{line.sku}</td>
              <td className="px-2 py-2 text-right text-lg font-bold tabular-nums">{line.quantity}</td>
              <td className="px-2 py-2 text-center">
                <span className="inline-block size-5 border-2 border-stone-800" aria-hidden />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold">
            <th scope="row" colSpan={3} className="px-2 py-2">
              Items in the parcel
            </th>
            <td className="px-2 py-2 text-right tabular-nums">{order.totals.item_count}</td>
            <td />
          </tr>
        </tfoot>
      </table>
      <p className="mt-8 text-sm text-stone-700">Thank you for buying from {seller.name}. Questions about this parcel: {seller.phone}.</p>
    </article>
  );
}
