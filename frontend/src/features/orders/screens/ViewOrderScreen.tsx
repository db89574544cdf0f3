// One order: its lines and totals, where it goes, how it is getting on, and its tax invoice
// and credit notes (which are all that prints).
import '@/components/order-paper/messages';
import { useEffect, type ReactNode } from 'react';
import PrinterIcon from '@heroicons/react/24/outline/PrinterIcon';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { formatRupees, toPaise } from '@/lib/money';
import { useShop } from '@/lib/queries/shop';
import { useUser } from '@/lib/queries/user';
import type { Order } from '@/types/orders';
import { OrderGate } from '@/features/orders/components/OrderGate';
import { OrderStatusBadge } from '@/components/order-paper/OrderStatusBadge';
import { OrderTotals } from '@/features/orders/components/OrderTotals';
import { PaymentInstructions } from '@/features/orders/components/PaymentInstructions';
import { PostalAddressView } from '@/components/order-paper/PostalAddressView';
import { formatPhone } from '@/lib/phone';
import { StatusTimeline } from '@/features/orders/components/StatusTimeline';
import { OrderPapers, isInvoiced } from '@/components/order-paper/TaxInvoice';
import { creditNoteAnchor } from '@/components/order-paper/papers';
import { formatDate, formatDay } from '@/components/order-paper/order-format';
import { paths } from '@/lib/paths';

/** `linkKey`: the `key` of a message's link (`/view-order/{uuid}?key=…`), which opens the order without signing in. */
export function ViewOrderScreen({ uuid, linkKey }: { uuid: string; linkKey?: string }) {
  return (
    <OrderGate uuid={uuid} linkKey={linkKey}>
      {(order) => <OrderView order={order} />}
    </OrderGate>
  );
}

function Card({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-xl border border-stone-200 bg-white p-4 sm:p-6 ${className}`}>
      <h2 className="text-lg font-bold text-stone-900">{title}</h2>
      <div className="mt-3 text-stone-800">{children}</div>
    </section>
  );
}

function OrderView({ order }: { order: Order }) {
  const t = useT();
  useDocumentTitle(t('order.view.title', { number: order.number }));
  const { hash } = useLocation();
  // A link to the invoice (`#tax-invoice`) arrives before the order does: go there once it is drawn.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash]);
  const shop = useShop().data;
  const signedIn = Boolean(useUser().data);
  const sameAddress = JSON.stringify(order.billing_address) === JSON.stringify(order.shipping_address);
  return (
    <div className="container-page py-6">
      {signedIn ? (
        <Link to={paths.account.getHref()} className="inline-flex min-h-11 items-center text-sm font-medium text-green-800 underline underline-offset-2">
          {t('order.view.back')}
        </Link>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{t('order.view.title', { number: order.number })}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-stone-700">
            {t('order.view.placedOn', { date: formatDate(order.placed_at) })}
            <OrderStatusBadge status={order.status} />
          </p>
        </div>
        {isInvoiced(order) ? (
          <div className="flex flex-wrap gap-3">
            <a href="#tax-invoice" className="btn-secondary">
              {t('order.view.toInvoice')}
            </a>
            <button type="button" className="btn-primary" onClick={() => window.print()}>
              <PrinterIcon className="size-5" aria-hidden />
              {t('order.view.print')}
            </button>
          </div>
        ) : null}
      </div>

      {order.status === 'awaiting_payment' ? (
        <div className="mt-6">
          <PaymentInstructions order={order} shop={shop} />
        </div>
      ) : null}

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-3">
        <Card title={t('order.view.items', { count: order.totals.item_count })} className="lg:col-span-2">
          <ul className="divide-y divide-stone-200">
            {order.lines.map((line) => (
              <li key={`${line.product_id}-${line.variant_id}`} className="flex justify-between gap-4 py-3">
                <div className="min-w-0">
                  <Link to={line.href} className="font-semibold text-stone-900 underline-offset-2 hover:underline">
                    {line.shown_name}
                  </Link>
                  {line.variant_name ? <p className="text-sm text-stone-700">{line.variant_name}</p> : null}
                  <p className="text-sm text-stone-700">
                    {t('order.view.line', { quantity: line.quantity, price: formatRupees(toPaise(line.unit_price)) })}
                  </p>
                </div>
                <p className="font-semibold whitespace-nowrap text-stone-900 tabular-nums">{formatRupees(toPaise(line.total))}</p>
              </li>
            ))}
          </ul>
          <div className="mt-3 border-t border-stone-200 pt-3">
            <OrderTotals order={order} />
          </div>
        </Card>

        <div className="space-y-6">
          <Card title={t('order.view.status')}>
            <StatusTimeline order={order} />
          </Card>
          <Card title={t('order.view.delivery')}>
            <PostalAddressView address={order.shipping_address} />
            <h3 className="mt-4 font-semibold text-stone-900">{t('order.view.billing')}</h3>
            {sameAddress ? <p>{t('order.view.billingSame')}</p> : <PostalAddressView address={order.billing_address} />}
            {order.gstin ? (
              <p className="mt-2">
                {order.business_name} · {t('invoice.gstin')} {order.gstin}
              </p>
            ) : null}
          </Card>
          <Card title={t('order.view.contact')}>
            <p>{order.contact.name}</p>
            <p className="break-all">{order.contact.email}</p>
            <p className="tabular-nums">{formatPhone(order.contact.phone)}</p>
            <h3 className="mt-4 font-semibold text-stone-900">{t('order.view.payment')}</h3>
            <p>{order.payment_method === 'cod' ? t('order.payment.codShort') : t('order.payment.bankShort')}</p>
            {order.notes ? (
              <>
                <h3 className="mt-4 font-semibold text-stone-900">{t('order.view.notes')}</h3>
                <p className="whitespace-pre-line">{order.notes}</p>
              </>
            ) : null}
          </Card>
        </div>
      </div>

      <div className="mt-10 space-y-10">
        {isInvoiced(order) ? (
          <>
            {order.credit_notes.map((note) => (
              <p key={note.number} className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="credit-note-notice">
                {t(note.return_id === null ? 'invoice.creditNote.issued' : 'invoice.creditNote.returnIssued', { number: note.number, date: formatDay(note.date) })}{' '}
                <a href={`#${creditNoteAnchor(note)}`} className="font-semibold underline underline-offset-2">
                  {t('invoice.creditNote.see')}
                </a>
              </p>
            ))}
            <OrderPapers order={order} />
          </>
        ) : order.status !== 'cancelled' ? (
          <p className="rounded-lg border border-stone-200 bg-stone-50 p-4 text-stone-700" data-testid="invoice-pending">
            {t('invoice.pending')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
