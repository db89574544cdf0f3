import type { Ref } from 'react';
import { Link } from 'react-router';
import { useT } from '@/lib/i18n';
import type { CartLine } from '@/types/api';
import type { Problem } from '@/features/checkout/classify-error';
import { CheckoutProblem } from '@/features/checkout/components/CheckoutProblem';
import { CheckoutSummary } from '@/features/checkout/components/CheckoutSummary';
import type { OrderPreview } from '@/features/checkout/order-preview';
import { paths } from '@/lib/paths';

interface PlaceOrderPanelProps {
  lines: readonly CartLine[];
  preview: OrderPreview;
  /** The zone's free-delivery amount, when it has one. */
  freeAbove: number | null;
  /** Why the last attempt failed, if it did. */
  problem: Problem | null;
  problemRef: Ref<HTMLDivElement>;
  pending: boolean;
  onEditCart?: () => void;
}

/** Beside the form (under it on a phone): the order as it will be placed, and the button that places it. */
export function PlaceOrderPanel({ lines, preview, freeAbove, problem, problemRef, pending, onEditCart }: PlaceOrderPanelProps) {
  const t = useT();
  return (
    <div className="space-y-4 lg:sticky lg:top-28">
      <CheckoutSummary lines={lines} preview={preview} freeAbove={freeAbove} onEditCart={onEditCart} />
      {problem ? <CheckoutProblem ref={problemRef} problem={problem} onEditCart={onEditCart} /> : null}
      <button type="submit" className="btn-primary w-full text-lg" disabled={pending}>
        {pending ? t('checkout.placing') : t('checkout.place')}
      </button>
      <p className="text-center text-sm text-stone-700">
        {t('checkout.agree')}{' '}
        <Link to={paths.terms.getHref()} className="font-medium text-green-800 underline underline-offset-2">
          {t('nav.terms')}
        </Link>
      </p>
    </div>
  );
}
