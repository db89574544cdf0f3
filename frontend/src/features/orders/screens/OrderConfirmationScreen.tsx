// Thanks after checkout: the order number, what was ordered, how to pay and what happens next.
// Without an e-mail address (phone first) this page is the buyer's only copy, so it carries all
// the confirmation mail would, and offers to send the order to the shop on WhatsApp.
import '@/components/order-paper/messages';
import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { formatRupees, toPaise } from '@/lib/money';
import { formatPhone } from '@/lib/phone';
import { useShop } from '@/lib/queries/shop';
import type { Order } from '@/types/orders';
import { OrderGate } from '@/features/orders/components/OrderGate';
import { OrderTotals } from '@/features/orders/components/OrderTotals';
import { OrderWhatsApp } from '@/features/orders/components/OrderWhatsApp';
import { PaymentInstructions } from '@/features/orders/components/PaymentInstructions';
import { paths } from '@/lib/paths';

export function OrderConfirmationScreen({ uuid }: { uuid: string }) {
  return <OrderGate uuid={uuid}>{(order) => <Confirmation order={order} />}</OrderGate>;
}

function Confirmation({ order }: { order: Order }) {
  const t = useT();
  useDocumentTitle(t('order.confirmation.title'));
  const shop = useShop().data;
  const bank = order.payment_method === 'bank_transfer';
  const steps = [
    ...(bank ? [t('order.confirmation.stepPay', { amount: formatRupees(toPaise(order.totals.total)) })] : []),
    t('order.confirmation.stepPack'),
    order.contact.email ? t('order.confirmation.stepShip', { city: order.shipping_address.city }) : t('order.confirmation.stepShipNoEmail', { city: order.shipping_address.city }),
    bank ? t('order.confirmation.stepDeliver') : t('order.confirmation.stepDeliverCod', { amount: formatRupees(toPaise(order.totals.total)) }),
  ];
  return (
    <div className="container-page max-w-3xl py-8">
      <div className="flex flex-col items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-green-100 text-green-800">
          <Icon name="check-circle" className="size-10" />
        </span>
        <h1 className="mt-4 text-3xl font-bold text-stone-900">{t('order.confirmation.title')}</h1>
        <p className="mt-3 text-stone-800">{t('order.confirmation.numberLabel')}</p>
        <p className="mt-1 rounded-lg bg-white px-4 py-2 text-2xl font-bold tracking-wide text-green-900 ring-1 ring-stone-200" data-testid="order-number">
          {order.number}
        </p>
        <p className="mt-3 max-w-xl text-stone-800">
          {order.contact.email ? t('order.confirmation.email', { email: order.contact.email }) : t('order.confirmation.noEmail', { phone: formatPhone(order.contact.phone) })}
        </p>
      </div>

      <div className="mt-8 space-y-6">
        <PaymentInstructions order={order} shop={shop} />

        <section aria-labelledby="order-summary" className="rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
          <h2 id="order-summary" className="text-lg font-bold text-stone-900">
            {t('order.confirmation.summary')}
          </h2>
          <ul className="mt-2 divide-y divide-stone-200">
            {order.lines.map((line) => (
              <li key={`${line.product_id}-${line.variant_id}`} className="flex justify-between gap-4 py-2">
                <div className="min-w-0">
                  <Link to={line.href} className="font-semibold text-stone-900 underline-offset-2 hover:underline">
                    {line.shown_name}
                  </Link>
                  {line.variant_name ? <p className="text-sm text-stone-700">{line.variant_name}</p> : null}
                  <p className="text-sm text-stone-700">{t('order.view.line', { quantity: line.quantity, price: formatRupees(toPaise(line.unit_price)) })}</p>
                </div>
                <p className="font-semibold whitespace-nowrap text-stone-900 tabular-nums">{formatRupees(toPaise(line.total))}</p>
              </li>
            ))}
          </ul>
          <div className="mt-2 border-t border-stone-200 pt-3">
            <OrderTotals order={order} />
          </div>
        </section>

        <section aria-labelledby="next-steps" className="rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
          <h2 id="next-steps" className="text-lg font-bold text-stone-900">
            {t('order.confirmation.nextTitle')}
          </h2>
          <ol className="mt-3 space-y-3">
            {steps.map((step, index) => (
              <li key={step} className="flex gap-3">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-green-800 text-sm font-bold text-white">{index + 1}</span>
                <span className="pt-0.5 text-stone-800">{step}</span>
              </li>
            ))}
          </ol>
        </section>

        <OrderWhatsApp order={order} shop={shop} />

        <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to={paths.viewOrder.getHref(order.uuid)} className="btn-primary">
            {t('order.confirmation.view')}
          </Link>
          <Link to={paths.home.getHref()} className="btn-secondary">
            {t('order.confirmation.continue')}
          </Link>
        </div>
        <p className="text-center text-sm text-stone-700">
          {order.contact.email ? <>{t('order.confirmation.keepLink')} </> : null}
          <Link to={paths.findOrder.getHref()} className="inline-flex min-h-11 items-center font-medium text-green-800 underline underline-offset-2">
            {t('nav.findOrder')}
          </Link>
        </p>
      </div>
    </div>
  );
}
