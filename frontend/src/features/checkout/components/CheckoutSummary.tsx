// The order as it will be placed: its lines and the totals, with GST split by where it is going.
import type { ReactNode } from 'react';
import { ProductImage } from '@/components/ProductImage';
import { useT } from '@/lib/i18n';
import { formatRupees, toPaise } from '@/lib/money';
import type { CartLine } from '@/types/api';
import type { OrderPreview } from '@/features/checkout/order-preview';

function Row({ label, value, strong = false, testId, note }: { label: ReactNode; value: string; strong?: boolean; testId?: string; note?: ReactNode }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-stone-200 pt-3 text-lg font-bold text-stone-900' : 'text-stone-800'}`}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">
        <span data-testid={testId} className="whitespace-nowrap">{value}</span>
        {note}
      </dd>
    </div>
  );
}

interface CheckoutSummaryProps {
  lines: readonly CartLine[];
  preview: OrderPreview;
  /** The zone's free-delivery amount, when it has one. */
  freeAbove: number | null;
  /** Opens the cart to change it. */
  onEditCart?: () => void;
}

export function CheckoutSummary({ lines, preview, freeAbove, onEditCart }: CheckoutSummaryProps) {
  const t = useT();
  const toFree = freeAbove === null ? 0 : freeAbove - preview.itemsTotal;
  return (
    <section aria-labelledby="checkout-summary-title" className="rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 id="checkout-summary-title" className="text-lg font-bold text-stone-900">
          {t('checkout.summary.title')}
        </h2>
        {onEditCart ? (
          <button type="button" onClick={onEditCart} className="inline-flex min-h-11 items-center px-2 font-medium text-green-800 underline underline-offset-2">
            {t('checkout.summary.editCart')}
          </button>
        ) : null}
      </div>
      <ul className="mt-2 divide-y divide-stone-200" aria-label={t('checkout.summary.lines')}>
        {lines.map((line) => (
          <li key={`${line.product_id}-${line.variant_id}`} className="flex gap-3 py-3">
            <ProductImage src={line.product.first_image_url} srcSet={line.product.first_image_srcset} sizes="56px" alt="" className="size-14 shrink-0" />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold text-stone-900">{line.product.name}</p>
              {line.variant_name ? <p className="text-stone-700">{line.variant_name}</p> : null}
              <p className="text-stone-700">{t('checkout.summary.line', { quantity: line.quantity, price: formatRupees(toPaise(line.price)) })}</p>
            </div>
            <p className="text-sm font-semibold whitespace-nowrap text-stone-900 tabular-nums">{formatRupees(toPaise(line.price) * line.quantity)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-2 border-t border-stone-200 pt-3">
        <Row label={t('checkout.summary.subtotal', { count: preview.itemCount })} value={formatRupees(preview.subtotal)} testId="summary-subtotal" />
        {preview.place === 'intra_state' ? (
          <>
            <Row label={t('checkout.summary.cgst')} value={formatRupees(preview.cgst)} testId="summary-cgst" />
            <Row label={t('checkout.summary.sgst')} value={formatRupees(preview.sgst)} testId="summary-sgst" />
          </>
        ) : preview.place === 'inter_state' ? (
          <Row label={t('checkout.summary.igst')} value={formatRupees(preview.igst)} testId="summary-igst" />
        ) : (
          <Row label={t('checkout.summary.gst')} value={formatRupees(preview.tax)} testId="summary-gst" />
        )}
        <Row
          label={t('checkout.summary.shipping')}
          value={!preview.shippingKnown ? t('checkout.summary.shippingPending') : preview.shipping === 0 ? t('checkout.summary.free') : formatRupees(preview.shipping)}
          testId="summary-shipping"
          note={
            preview.shippingTax > 0 ? (
              <span className="block text-sm text-stone-600" data-testid="summary-shipping-gst">
                {t('checkout.summary.shippingGst', { amount: formatRupees(preview.shippingTax) })}
              </span>
            ) : null
          }
        />
        <Row label={t('checkout.summary.total')} value={formatRupees(preview.total)} strong testId="summary-total" />
      </dl>
      {preview.place === null ? <p className="mt-2 text-sm text-stone-600">{t('checkout.summary.gstPending')}</p> : null}
      {freeAbove !== null && preview.shipping > 0 && toFree > 0 ? (
        <p className="mt-2 text-sm text-green-900">{t('checkout.summary.freeShippingHint', { amount: formatRupees(toFree), threshold: formatRupees(freeAbove) })}</p>
      ) : null}
    </section>
  );
}
