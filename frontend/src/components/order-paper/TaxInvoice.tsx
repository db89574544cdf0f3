// An order's GST papers, on screen and on paper (see print.css): each document (tax invoice, bill
// of supply, invoice-cum-bill of supply) and each credit note, with the seller as it was when the
// order was placed, the buyer's billing and shipping addresses, the place of supply, and each
// line's value and tax (CGST + SGST within the seller's state, IGST across states) as the server
// worked them out. Printed, a paper of goods comes in three copies (CGST Rules r. 48); on screen,
// once.
import { Fragment, useId } from 'react';
import { useT, type MessageId } from '@/lib/i18n';
import { formatPercent, formatRupees, toPaise } from '@/lib/money';
import { addressLines } from '@/lib/shop-facts';
import type { Order } from '@/types/orders';
import { PostalAddressView } from '@/components/order-paper/PostalAddressView';
import { formatDay } from '@/components/order-paper/order-format';
import {
  creditNotePapers,
  documentPapers,
  paperHasTax,
  paperTotals,
  quantityWithUnit,
  type DocumentKind,
  type Paper,
  type SupplyKind,
} from '@/components/order-paper/papers';
import '@/components/order-paper/print.css';

type TaxPart = 'cgst' | 'sgst' | 'igst';

const TAX_NAMES: Record<TaxPart, MessageId> = { cgst: 'invoice.col.cgst', sgst: 'invoice.col.sgst', igst: 'invoice.col.igst' };

const TITLES: Record<DocumentKind, MessageId> = {
  tax_invoice: 'invoice.title',
  bill_of_supply: 'invoice.billOfSupply.title',
  invoice_cum_bill: 'invoice.invoiceCumBill.title',
};

const SUPPLY_NAMES: Record<Exclude<SupplyKind, 'taxable'>, MessageId> = {
  nil_rated: 'invoice.supply.nilRated',
  exempt: 'invoice.supply.exempt',
  non_gst: 'invoice.supply.nonGst',
};

const LICENCE_NAMES: Record<'insecticide' | 'fertiliser' | 'seed', MessageId> = {
  insecticide: 'licence.insecticide',
  fertiliser: 'licence.fertiliser',
  seed: 'licence.seed',
};

type Line = Order['lines'][number];

/** Each batch the line's units came from, with its dates (a seed lot: its test date and validity). */
function LineBatches({ line }: { line: Line }) {
  const t = useT();
  const seed = line.regulated_as === 'seed';
  return (
    <>
      {line.registration_number ? (
        <span className="block text-xs text-stone-700" data-testid="line-registration">
          {t('invoice.registrationNumber')}: {line.registration_number}
        </span>
      ) : null}
      {line.batches.map((batch) => (
        <span key={batch.number} className="block text-xs text-stone-700" data-testid="line-batch">
          {t(seed ? 'invoice.lot' : 'invoice.batch')}: <span className="font-semibold">{batch.number}</span>
          {line.batches.length > 1 ? ` (${batch.quantity})` : ''}
          {batch.manufactured_on ? ` · ${t('invoice.manufactured')} ${formatDay(batch.manufactured_on)}` : ''}
          {seed && batch.tested_on ? ` · ${t('invoice.tested')} ${formatDay(batch.tested_on)}` : ''}
          {batch.expires_on ? ` · ${t(seed ? 'invoice.validUntil' : 'invoice.expires')} ${formatDay(batch.expires_on)}` : ''}
        </span>
      ))}
    </>
  );
}

const COPIES: MessageId[] = ['invoice.copy.original', 'invoice.copy.duplicate', 'invoice.copy.triplicate'];

/** The table's columns, and whether they hold amounts (set right). */
const columnsFor = (taxes: readonly TaxPart[], taxed: boolean): [MessageId, boolean][] => [
  ['invoice.col.number', false],
  ['invoice.col.description', false],
  ['invoice.col.hsn', false],
  ['invoice.col.quantity', true],
  ['invoice.col.unitPrice', true],
  ...(taxed ? ([['invoice.col.taxable', true], ['invoice.col.rate', true]] as [MessageId, boolean][]) : []),
  ...taxes.map((tax): [MessageId, boolean] => [TAX_NAMES[tax], true]),
  ['invoice.col.total', true],
];

const money = (rupees: number) => formatRupees(toPaise(rupees));
/** A GST fraction as a percentage (0.18 → "18%", half of 0.05 → "2.5%"). */
const percent = (fraction: number) => `${formatPercent(Math.round(fraction * 1_000_000) / 10_000)}%`;

type Invoiced = Order & { invoice: NonNullable<Order['invoice']> };

/** Whether the order has its documents yet (they are issued when the order is confirmed). */
export const isInvoiced = (order: Order): order is Invoiced => order.invoice !== null && order.documents.length > 0;

/** The order's papers: its documents, its credit notes, or both (documents first). */
export function OrderPapers({ order, show = 'all' }: { order: Order; show?: 'documents' | 'credit-notes' | 'all' }) {
  const papers = [...(show === 'credit-notes' ? [] : documentPapers(order)), ...(show === 'documents' ? [] : creditNotePapers(order))];
  return (
    <>
      {papers.map((paper) => (
        <OrderPaper key={paper.id} order={order} paper={paper} />
      ))}
    </>
  );
}

/** One paper: on screen once, printed in two or three copies (goods travel with three). */
export function OrderPaper({ order, paper }: { order: Order; paper: Paper }) {
  const goods = paper.lines.some(({ line }) => line.uqc !== 'NA');
  const copies = goods ? COPIES : COPIES.slice(0, 2);
  return (
    <div id={paper.id} data-print-alone data-testid="order-paper" className="paper-set scroll-mt-28 space-y-6">
      {copies.map((copy, index) => (
        <PaperCopy key={copy} order={order} paper={paper} copy={copy} onScreen={index === 0} />
      ))}
    </div>
  );
}

function PaperCopy({ order, paper, copy, onScreen }: { order: Order; paper: Paper; copy: MessageId; onScreen: boolean }) {
  const t = useT();
  const titleId = useId();
  const { seller } = order;
  const note = paper.kind === 'credit-note' ? paper.note : null;
  const intra = order.place_of_supply === 'intra_state';
  const taxed = paperHasTax(paper);
  const taxes: TaxPart[] = !taxed ? [] : intra ? ['cgst', 'sgst'] : ['igst'];
  const columns = columnsFor(taxes, taxed);
  const totals = paperTotals(paper.lines);
  const kind = paper.kind === 'document' ? paper.document.kind : paper.documentKind;
  const document = paper.kind === 'document' ? paper.document : paper.against;
  const place = order.place_of_supply_state;
  const grandTotal: MessageId = note ? 'invoice.creditNote.grandTotal' : kind === 'bill_of_supply' ? 'invoice.billOfSupply.grandTotal' : 'invoice.grandTotal';
  // The words are the server's, for the whole order: shown when this paper is all of it.
  const inWords = totals.total === toPaise(order.totals.total) ? order.total_in_words : null;

  return (
    // The copies beyond the first, and every copy's label, are `hidden` on screen; print.css shows them.
    <article aria-labelledby={titleId} hidden={!onScreen} className="tax-invoice rounded-xl border border-stone-300 bg-white p-4 text-sm text-stone-900 sm:p-8">
      <p hidden className="copy-label mb-2 text-right text-xs font-bold tracking-wider uppercase">
        {t(copy)}
      </p>
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
            {note ? t('invoice.creditNote.title') : t(TITLES[kind])}
          </h2>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-0.5 sm:grid-cols-[auto_1fr] sm:justify-end">
            {note ? (
              <>
                <dt className="text-stone-700">{t('invoice.creditNote.number')}</dt>
                <dd className="font-semibold">{note.number}</dd>
                <dt className="text-stone-700">{t('invoice.creditNote.date')}</dt>
                <dd className="font-semibold">{formatDay(note.date)}</dd>
                <dt className="text-stone-700">{t('invoice.creditNote.against')}</dt>
                <dd className="font-semibold" data-testid="credited-document">
                  {document ? `${document.number} · ${formatDay(document.date)}` : note.against}
                  {document ? <span className="block text-xs font-normal">{t(TITLES[document.kind])}</span> : null}
                </dd>
                <dt className="text-stone-700">{t('invoice.creditNote.reason')}</dt>
                <dd className="font-semibold">{note.reason}</dd>
              </>
            ) : document ? (
              <>
                <dt className="text-stone-700">{t(kind === 'bill_of_supply' ? 'invoice.billOfSupply.number' : 'invoice.number')}</dt>
                <dd className="font-semibold">{document.number}</dd>
                <dt className="text-stone-700">{t(kind === 'bill_of_supply' ? 'invoice.billOfSupply.date' : 'invoice.date')}</dt>
                <dd className="font-semibold">{formatDay(document.date)}</dd>
              </>
            ) : null}
            <dt className="text-stone-700">{t('invoice.placeOfSupply')}</dt>
            <dd className="font-semibold" data-testid="place-of-supply">
              {place.code}-{place.name}
            </dd>
            <dt className="text-stone-700">{t('invoice.supplyType')}</dt>
            <dd className="font-semibold">{intra ? t('invoice.intraState') : t('invoice.interState')}</dd>
            {taxed ? (
              <>
                <dt className="text-stone-700">{t('invoice.reverseCharge')}</dt>
                <dd className="font-semibold">{t('invoice.no')}</dd>
              </>
            ) : null}
            {!note && document?.eway_bill_number ? (
              <>
                <dt className="text-stone-700">{t('invoice.ewayBill')}</dt>
                <dd className="font-semibold tabular-nums">{document.eway_bill_number}</dd>
              </>
            ) : null}
          </dl>
        </div>
      </header>
      {(seller.licences ?? []).length > 0 ? (
        // Under the head, across the page, in one run: beside the seller's address the
        // licences squeezed the invoice's number and dates into a narrow column, and a
        // two-line invoice onto a second A4 page.
        <p className="invoice-licences border-b border-stone-300 py-1 text-xs" data-testid="seller-licences">
          {(seller.licences ?? []).map((licence, index) => (
            <span key={licence.number}>
              {index > 0 ? ' · ' : null}
              {t(LICENCE_NAMES[licence.kind])}: <span className="font-semibold">{licence.number}</span> (
              {t('invoice.licenceValidity', { from: formatDay(licence.valid_from), until: formatDay(licence.valid_until) })})
            </span>
          ))}
        </p>
      ) : null}

      {kind === 'bill_of_supply' ? (
        <p className="mt-4 rounded border border-stone-400 px-3 py-2 font-medium" data-testid="bill-of-supply-notice">
          {t('invoice.billOfSupply.notice')}
        </p>
      ) : null}

      <div className="invoice-parties grid gap-4 border-b border-stone-300 py-4 sm:grid-cols-2">
        <section>
          <h3 className="text-xs font-bold tracking-wider text-stone-700 uppercase">{t('invoice.billTo')}</h3>
          {order.business_name ? <p className="mt-1 font-bold">{order.business_name}</p> : null}
          <div className={order.business_name ? '' : 'mt-1'} data-testid="billed-to">
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
          <div className="mt-1" data-testid="shipped-to">
            <PostalAddressView address={order.shipping_address} />
          </div>
        </section>
      </div>

      <p className="mt-4 text-xs text-stone-600 sm:hidden print:hidden">{t('invoice.scrollHint')}</p>
      <div className="invoice-table-wrap -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <table className={`invoice-table mt-4 w-full ${taxed ? 'min-w-[46rem]' : 'min-w-[34rem]'} border-collapse text-left tabular-nums`}>
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
            {paper.lines.map((row, index) => {
              const { line } = row;
              return (
                <Fragment key={line.position}>
                  <tr className="border-b border-stone-300 align-top">
                    <td className="px-2 py-2">{index + 1}</td>
                    <td className="px-2 py-2">
                      <span className="font-medium">{line.product_name}</span>
                      {line.variant_name ? <span> – {line.variant_name}</span> : null}
                      <span className="block text-xs text-stone-600">
                        {t('invoice.sku')}: {line.sku}
                        {line.supply_kind !== 'taxable' ? ` · ${t(SUPPLY_NAMES[line.supply_kind])}` : ''}
                      </span>
                      <LineBatches line={line} />
                    </td>
                    <td className="px-2 py-2">{line.hsn_code}</td>
                    <td className="px-2 py-2 text-right whitespace-nowrap" data-testid="line-quantity">
                      {quantityWithUnit(line, row.quantity)}
                    </td>
                    <td className="px-2 py-2 text-right">{money(line.unit_price)}</td>
                    {taxed ? (
                      <>
                        <td className="px-2 py-2 text-right">{money(row.taxable_value)}</td>
                        <td className="px-2 py-2 text-right">{percent(line.gst_rate)}</td>
                      </>
                    ) : null}
                    {taxes.map((tax) => (
                      <td key={tax} className="px-2 py-2 text-right">
                        {money(row[tax])}
                        <span className="block text-xs text-stone-600">{percent(tax === 'igst' ? line.gst_rate : line.gst_rate / 2)}</span>
                      </td>
                    ))}
                    <td className="px-2 py-2 text-right font-medium">{money(row.total)}</td>
                  </tr>
                  {row.shipping.total > 0 ? (
                    // The delivery charge is part of the supply: this line's share, at its rate.
                    <tr className="border-b border-stone-300 align-top text-stone-700">
                      <td className="px-2 py-2" />
                      <td className="px-2 py-2 italic">{t('invoice.deliveryShare')}</td>
                      <td className="px-2 py-2">{line.hsn_code}</td>
                      <td className="px-2 py-2" />
                      <td className="px-2 py-2" />
                      {taxed ? (
                        <>
                          <td className="px-2 py-2 text-right">{money(row.shipping.taxable)}</td>
                          <td className="px-2 py-2 text-right">{percent(line.gst_rate)}</td>
                        </>
                      ) : null}
                      {taxes.map((tax) => (
                        <td key={tax} className="px-2 py-2 text-right">
                          {money(row.shipping[tax])}
                        </td>
                      ))}
                      <td className="px-2 py-2 text-right">{money(row.shipping.total)}</td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
          <tfoot>
            <tr className="border-b border-stone-800 font-semibold">
              <th scope="row" colSpan={3} className="px-2 py-2">
                {t('invoice.itemsTotal')}
              </th>
              <td className="px-2 py-2 text-right">{totals.units}</td>
              <td className="px-2 py-2" />
              {taxed ? (
                <>
                  <td className="px-2 py-2 text-right">{formatRupees(totals.taxable)}</td>
                  <td className="px-2 py-2" />
                </>
              ) : null}
              {taxes.map((tax) => (
                <td key={tax} className="px-2 py-2 text-right">
                  {formatRupees(totals[tax])}
                </td>
              ))}
              <td className="px-2 py-2 text-right">{formatRupees(totals.total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      <div className="invoice-summary mt-4 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="sm:max-w-[55%]">
          {inWords ? (
            <>
              <p className="text-xs font-bold tracking-wider text-stone-700 uppercase">{t('invoice.inWords')}</p>
              <p className="mt-1 font-semibold">{inWords}</p>
            </>
          ) : null}
          {note ? null : (
            <p className="mt-3 text-stone-700">
              {t('invoice.paymentMethod')}: {order.payment_method === 'cod' ? t('order.payment.codShort') : t('order.payment.bankShort')}
            </p>
          )}
        </div>
        <dl className="w-full space-y-1 sm:w-72">
          {taxed
            ? [[t('invoice.taxableValue'), totals.taxable] as const, ...taxes.map((tax) => [t(TAX_NAMES[tax]), totals[tax]] as const)].map(([label, amount]) => (
                <div key={label} className="flex justify-between gap-4">
                  <dt>{label}</dt>
                  <dd className="shrink-0 whitespace-nowrap">{formatRupees(amount)}</dd>
                </div>
              ))
            : null}
          <div className="flex justify-between gap-4 border-t-2 border-stone-800 pt-1 text-base font-bold">
            <dt>{t(grandTotal)}</dt>
            <dd className="shrink-0 whitespace-nowrap" data-testid="invoice-total">
              {formatRupees(totals.total)}
            </dd>
          </div>
        </dl>
      </div>

      <footer className="invoice-signatory mt-8 flex justify-end gap-6 border-t border-stone-300 pt-4 text-xs text-stone-700">
        {!note && paper.lines.some(({ line }) => line.regulated_as === 'fertiliser') ? (
          // FCO 1985 cl. 5: a fertiliser sale is billed on a cash or credit memorandum (Form M).
          // Beside the signature, in the room it leaves, so the paper stays one A4 page.
          <p className="mr-auto max-w-[60%]" data-testid="form-m">
            {t('invoice.formM')}
          </p>
        ) : null}
        <div className="shrink-0 text-right">
          <p className="font-semibold text-stone-900">{t('invoice.for', { name: seller.legal_name })}</p>
          <p className="mt-10 border-t border-stone-500 pt-1">{t('invoice.signatory')}</p>
        </div>
      </footer>
    </article>
  );
}
