// Thanks after checkout: the order number, what happens next, and how to pay.
import '@/components/order-paper/messages';
import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { formatRupees, toPaise } from '@/lib/money';
import { useShop } from '@/lib/queries/shop';
import type { Order } from '@/types/orders';
import { OrderGate } from '@/features/orders/components/OrderGate';
import { PaymentInstructions } from '@/features/orders/components/PaymentInstructions';

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
    t('order.confirmation.stepShip', { city: order.shipping_address.city }),
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
        <p className="mt-3 max-w-xl text-stone-800">{t('order.confirmation.email', { email: order.contact.email })}</p>
      </div>

      <div className="mt-8 space-y-6">
        <PaymentInstructions order={order} shop={shop} />

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

        <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to={`/view-order/${order.uuid}`} className="btn-primary">
            {t('order.confirmation.view')}
          </Link>
          <Link to="/" className="btn-secondary">
            {t('order.confirmation.continue')}
          </Link>
        </div>
        <p className="text-center text-sm text-stone-700">{t('order.confirmation.keepLink')}</p>
      </div>
    </div>
  );
}
