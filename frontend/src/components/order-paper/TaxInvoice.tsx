// The GST tax invoice of an order, on screen and on paper (see print.css): the seller as it was
// when the order was placed, the buyer, the place of supply, and each line's taxable value and
// tax (CGST + SGST within the seller's state, IGST across states). The credit note that reverses
// an invoice (the order cancelled afterwards) is the same paper under its own title and number.
import { Fragment, useId } from 'react';
import { useT, type MessageId } from '@/lib/i18n';
import { formatPercent, formatRupees, toPaise } from '@/lib/money';
import { useStates } from '@/lib/queries/states';
import { addressLines } from '@/lib/shop-facts';
import type { Order, OrderLine } from '@/types/orders';
import { PostalAddressView } from '@/components/order-paper/PostalAddressView';
import { formatDay } from '@/components/order-paper/order-format';
import '@/components/order-paper/print.css';

type TaxPart = 'cgst' | 'sgst' | 'igst';

const TAX_NAMES: Record<TaxPart, MessageId> = { cgst: 'invoice.col.cgst', sgst: 'invoice.col.sgst', igst: 'invoice.col.igst' };

/** The table's columns, and whether they hold amounts (set right). */
const columnsFor = (taxes: readonly TaxPart[]): [MessageId, boolean][] => [
  ['invoice.col.number', false],
  ['invoice.col.description', false],
  ['invoice.col.hsn', false],
  ['invoice.col.quantity', true],
  ['invoice.col.unitPrice', true],
  ['invoice.col.taxable', true],
  ['invoice.col.rate', true],
  ...taxes.map((tax): [MessageId, boolean] => [TAX_NAMES[tax], true]),
  ['invoice.col.total', true],
];

const money = (rupees: number) => formatRupees(toPaise(rupees));
/** A GST fraction as a percentage (0.18 → "18%", half of 0.05 → "2.5%"). */
const percent = (fraction: number) => `${formatPercent(Math.round(fraction * 1_000_000) / 10_000)}%`;

type Invoiced = Order & { invoice: NonNullable<Order['invoice']> };

/** Whether the order has its tax invoice yet (it is issued when the order is confirmed). */
export const isInvoiced = (order: Order): order is Invoiced => order.invoice !== null;

export function TaxInvoice({ order, paper = 'invoice' }: { order: Invoiced; paper?: 'invoice' | 'credit-note' }) {
  const t = useT();
  const { invoice } = order;
  const note = paper === 'credit-note' ? order.credit_note : null;
  const titleId = useId();
  const states = useStates().data;
  const { seller, totals } = order;
  const intra = order.place_of_supply === 'intra_state';
  const supplyState = order.shipping_address.state;
  const supplyCode = states?.find((state) => state.name.toLowerCase() === supplyState.toLowerCase())?.code;
  const taxes: TaxPart[] = intra ? ['cgst', 'sgst'] : ['igst'];
  const columns = columnsFor(taxes);
  const sum = (pick: (line: OrderLine) => number) => order.lines.reduce((total, line) => total + toPaise(pick(line)), 0);
  // The goods' tax of this kind and the delivery charge's, in paise.
  const taxWithDelivery = (tax: TaxPart) => toPaise(totals[tax]) + toPaise(totals[`shipping_${tax}`]);

  return (
    <article id={note ? 'credit-note' : 'tax-invoice'} data-print-alone aria-labelledby={titleId} className="tax-invoice scroll-mt-28 rounded-xl border border-stone-300 bg-white p-4 text-sm text-stone-900 sm:p-8">
      <header className="invoice-head flex flex-col gap-4 border-b-2 border-stone-800 pb-4 sm:flex-row sm:justify-between">
        <div>
          <p className="text-xl font-bold">{seller.name}</p>
          <p className="font-medium">{seller.legal_name}</p>
          {addressLines(seller.address).map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p className="mt-1">
            {t('invoice.gstin')}: <span className="font-semibold tracking-wide">{seller.gstin}</span>
          </p>
          <p>
            {t('invoice.phone')}: {seller.phone} · {seller.email}
          </p>
        </div>
        <div className="order-first sm:order-none sm:text-right">
          <h2 id={titleId} className="text-2xl font-bold tracking-wider uppercase">
            {note ? t('invoice.creditNote.title') : t('invoice.title')}
          </h2>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-0.5 sm:grid-cols-[auto_1fr] sm:justify-end">
            {note ? (
              <>
                <dt className="text-stone-700">{t('invoice.creditNote.number')}</dt>
                <dd className="font-semibold">{note.number}</dd>
                <dt className="text-stone-700">{t('invoice.creditNote.date')}</dt>
                <dd className="font-semibold">{formatDay(note.date)}</dd>
                <dt className="text-stone-700">{t('invoice.creditNote.against')}</dt>
                <dd className="font-semibold">{t('invoice.creditNote.againstValue', { number: invoice.number, date: formatDay(invoice.date) })}</dd>
                <dt className="text-stone-700">{t('invoice.creditNote.reason')}</dt>
                <dd className="font-semibold">{note.reason}</dd>
              </>
            ) : (
              <>
                <dt className="text-stone-700">{t('invoice.number')}</dt>
                <dd className="font-semibold">{invoice.number}</dd>
                <dt className="text-stone-700">{t('invoice.date')}</dt>
                <dd className="font-semibold">{formatDay(invoice.date)}</dd>
              </>
            )}
            <dt className="text-stone-700">{t('invoice.placeOfSupply')}</dt>
            <dd className="font-semibold">{supplyCode ? t('invoice.stateWithCode', { state: supplyState, code: supplyCode }) : supplyState}</dd>
            <dt className="text-stone-700">{t('invoice.supplyType')}</dt>
            <dd className="font-semibold">{intra ? t('invoice.intraState') : t('invoice.interState')}</dd>
            <dt className="text-stone-700">{t('invoice.reverseCharge')}</dt>
            <dd className="font-semibold">{t('invoice.no')}</dd>
            {invoice.eway_bill_number ? (
              <>
                <dt className="text-stone-700">{t('invoice.ewayBill')}</dt>
                <dd className="font-semibold tabular-nums">{invoice.eway_bill_number}</dd>
              </>
            ) : null}
          </dl>
        </div>
      </header>

      <div className="invoice-parties grid gap-4 border-b border-stone-300 py-4 sm:grid-cols-2">
        <section>
          <h3 className="text-xs font-bold tracking-wider text-stone-700 uppercase">{t('invoice.billTo')}</h3>
          {order.business_name ? <p className="mt-1 font-bold">{order.business_name}</p> : null}
          <div className={order.business_name ? '' : 'mt-1'}>
            <PostalAddressView address={order.billing_address} />
          </div>
          {order.gstin ? (
            <p className="mt-1">
              {t('invoice.buyerGstin')}: <span className="font-semibold tracking-wide">{order.gstin}</span>
            </p>
          ) : null}
        </section>
        <section>
          <h3 className="text-xs font-bold tracking-wider text-stone-700 uppercase">{t('invoice.shipTo')}</h3>
          <div className="mt-1">
            <PostalAddressView address={order.shipping_address} />
          </div>
        </section>
      </div>

      <p className="mt-4 text-xs text-stone-600 sm:hidden print:hidden">{t('invoice.scrollHint')}</p>
      <div className="invoice-table-wrap -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <table className="invoice-table mt-4 w-full min-w-[46rem] border-collapse text-left tabular-nums">
          <caption className="sr-only">{note ? t('invoice.creditNote.lines') : t('invoice.lines')}</caption>
          <thead>
            <tr className="border-y border-stone-800 bg-stone-100 text-xs">
              {columns.map(([id, right]) => (
                <th key={id} scope="col" className={`px-2 py-2 ${right ? 'text-right' : ''} ${id === 'invoice.col.description' ? 'min-w-40' : ''}`}>
                  {t(id)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line, index) => (
              <Fragment key={`${line.product_id}-${line.variant_id}`}>
              <tr className="border-b border-stone-300 align-top">
                <td className="px-2 py-2">{index + 1}</td>
                <td className="px-2 py-2">
                  <span className="font-medium">{line.product_name}</span>
                  {line.variant_name ? <span> – {line.variant_name}</span> : null}
                  <span className="block text-xs text-stone-600">
                    {t('invoice.sku')}: {line.sku}
                  </span>
                </td>
                <td className="px-2 py-2">{line.hsn_code}</td>
                <td className="px-2 py-2 text-right">{line.quantity}</td>
                <td className="px-2 py-2 text-right">{money(line.unit_price)}</td>
                <td className="px-2 py-2 text-right">{money(line.taxable_value)}</td>
                <td className="px-2 py-2 text-right">{percent(line.gst_rate)}</td>
                {taxes.map((tax) => (
                  <td key={tax} className="px-2 py-2 text-right">
                    {money(line[tax])}
                    <span className="block text-xs text-stone-600">{percent(tax === 'igst' ? line.gst_rate : line.gst_rate / 2)}</span>
                  </td>
                ))}
                <td className="px-2 py-2 text-right font-medium">{money(line.total)}</td>
              </tr>
              {line.shipping.total > 0 ? (
                // The delivery charge is part of the supply: this line's share, at its rate.
                <tr className="border-b border-stone-300 align-top text-stone-700">
                  <td className="px-2 py-2" />
                  <td className="px-2 py-2 italic">{t('invoice.deliveryShare')}</td>
                  <td className="px-2 py-2">{line.hsn_code}</td>
                  <td className="px-2 py-2" />
                  <td className="px-2 py-2" />
                  <td className="px-2 py-2 text-right">{money(line.shipping.taxable)}</td>
                  <td className="px-2 py-2 text-right">{percent(line.gst_rate)}</td>
                  {taxes.map((tax) => (
                    <td key={tax} className="px-2 py-2 text-right">
                      {money(line.shipping[tax])}
                    </td>
                  ))}
                  <td className="px-2 py-2 text-right">{money(line.shipping.total)}</td>
                </tr>
              ) : null}
              </Fragment>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-b border-stone-800 font-semibold">
              <th scope="row" colSpan={3} className="px-2 py-2">
                {t('invoice.itemsTotal')}
              </th>
              <td className="px-2 py-2 text-right">{totals.item_count}</td>
              <td className="px-2 py-2" />
              <td className="px-2 py-2 text-right">{formatRupees(sum((line) => line.taxable_value) + sum((line) => line.shipping.taxable))}</td>
              <td className="px-2 py-2" />
              {taxes.map((tax) => (
                <td key={tax} className="px-2 py-2 text-right">
                  {formatRupees(taxWithDelivery(tax))}
                </td>
              ))}
              <td className="px-2 py-2 text-right">{formatRupees(sum((line) => line.total) + sum((line) => line.shipping.total))}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      <div className="invoice-summary mt-4 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="sm:max-w-[55%]">
          <p className="text-xs font-bold tracking-wider text-stone-700 uppercase">{t('invoice.inWords')}</p>
          <p className="mt-1 font-semibold">{order.total_in_words}</p>
          <p className="mt-3 text-stone-700">
            {t('invoice.paymentMethod')}: {order.payment_method === 'cod' ? t('order.payment.codShort') : t('order.payment.bankShort')}
          </p>
        </div>
        <dl className="w-full space-y-1 sm:w-72">
          {[
            [t('invoice.taxableValue'), toPaise(totals.subtotal) + toPaise(totals.shipping_taxable)] as const,
            ...taxes.map((tax) => [t(TAX_NAMES[tax]), taxWithDelivery(tax)] as const),
          ].map(([label, amount]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt>{label}</dt>
              <dd>{formatRupees(amount)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 border-t-2 border-stone-800 pt-1 text-base font-bold">
            <dt>{note ? t('invoice.creditNote.grandTotal') : t('invoice.grandTotal')}</dt>
            <dd data-testid="invoice-total">{money(totals.total)}</dd>
          </div>
        </dl>
      </div>

      <footer className="mt-8 flex flex-col gap-4 border-t border-stone-300 pt-4 text-xs text-stone-700 sm:flex-row sm:justify-between">
        <p>{note ? t('invoice.creditNote.computerGenerated') : t('invoice.computerGenerated')}</p>
        <p className="font-semibold text-stone-900 sm:text-right">{t('invoice.for', { name: seller.legal_name })}</p>
      </footer>
    </article>
  );
}
