// How to pay for an order: the shop's bank and UPI details with the amount and the reference to
// quote (bank transfer), or the cash to keep ready (cash on delivery).
import { useState } from 'react';
import { apiUrl } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { formatRupees, toPaise } from '@/lib/money';
import type { ShopProfile } from '@/types/api';
import type { Order } from '@/types/orders';
import { canCopy, CopyButton } from '@/features/orders/components/CopyButton';

/** A UPI payment link: on a phone it opens the shopper's UPI app with everything filled in. */
export function upiHref(upiId: string, payee: string, amountPaise: number, reference: string): string {
  const params = new URLSearchParams({ pa: upiId, pn: payee, am: (amountPaise / 100).toFixed(2), cu: 'INR', tn: reference });
  return `upi://pay?${params.toString()}`;
}

export function PaymentInstructions({ order, shop }: { order: Order; shop: ShopProfile | undefined }) {
  const t = useT();
  const amount = toPaise(order.totals.total);
  if (order.payment_method === 'cod') {
    return (
      <div className="rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
        <h2 className="text-lg font-bold text-stone-900">{t('order.payment.codTitle')}</h2>
        <p className="mt-2 text-stone-800">{t('order.payment.codText', { amount: formatRupees(amount) })}</p>
      </div>
    );
  }
  // Until the shop profile is in, the rows it gives are left out.
  const payment = shop?.payment;
  const details: { label: string; value: string | null | undefined; copy?: boolean }[] = [
    { label: t('order.payment.amount'), value: formatRupees(amount) },
    { label: t('order.payment.reference'), value: order.number, copy: true },
    { label: t('order.payment.bankName'), value: payment?.bank_name },
    { label: t('order.payment.accountName'), value: payment?.account_name },
    { label: t('order.payment.accountNumber'), value: payment?.account_number, copy: true },
    { label: t('order.payment.ifsc'), value: payment?.ifsc, copy: true },
    { label: t('order.payment.branch'), value: payment?.branch },
    { label: t('order.payment.upiId'), value: payment?.upi_id, copy: true },
  ];
  const upiId = payment?.upi_id;
  // Values line up whether or not their row has a Copy button.
  const copySpace = canCopy() ? <span className="w-16 max-sm:hidden" aria-hidden /> : null;
  return (
    <div className="rounded-xl border-2 border-amber-300 bg-amber-50 p-4 sm:p-6">
      <h2 className="text-lg font-bold text-stone-900">{t('order.payment.bankTitle')}</h2>
      <p className="mt-2 text-stone-800">{t('order.payment.bankText', { amount: formatRupees(amount), reference: order.number })}</p>
      <dl className="mt-4 divide-y divide-amber-200 rounded-lg border border-amber-200 bg-white">
        {details
          .filter((row) => row.value)
          .map((row) => (
            <div key={row.label} className="flex flex-wrap items-center justify-between gap-x-4 px-3 py-1.5 sm:px-4">
              <dt className="text-sm text-stone-700">{row.label}</dt>
              <dd className="flex min-h-11 items-center gap-1 font-semibold break-all text-stone-900 tabular-nums">
                <span>{row.value}</span>
                {row.copy && row.value ? <CopyButton value={row.value} label={row.label} /> : copySpace}
              </dd>
            </div>
          ))}
      </dl>
      {upiId ? <UpiQrCode order={order} amountText={formatRupees(amount)} /> : null}
      {upiId ? (
        <a href={upiHref(upiId, payment?.account_name || (shop?.name ?? ''), amount, order.number)} className="btn-primary mt-4 w-full sm:hidden">
          {t('order.payment.upiApp', { amount: formatRupees(amount) })}
        </a>
      ) : null}
      <p className="mt-3 text-sm text-stone-700">{t('order.payment.after')}</p>
    </div>
  );
}

/**
 * The order's UPI QR code, drawn by the server for the exact amount with the order number as the
 * note, to scan from a computer's screen or with another phone. The server answers only while
 * the order waits for its payment; once paid the picture is left out.
 */
function UpiQrCode({ order, amountText }: { order: Order; amountText: string }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <figure className="mt-4 flex flex-col items-center gap-2 rounded-lg border border-amber-200 bg-white p-3 sm:flex-row sm:items-center sm:gap-4">
      <img
        src={apiUrl(`/api/orders/${order.uuid}/upi-qr.png`)}
        alt={t('order.payment.upiQr', { amount: amountText, reference: order.number })}
        width={176}
        height={176}
        className="size-44 shrink-0 [image-rendering:pixelated]"
        onError={() => setFailed(true)}
      />
      <figcaption className="text-center text-sm text-stone-700 sm:text-left">{t('order.payment.upiQrCaption')}</figcaption>
    </figure>
  );
}
