import { useT } from '@/lib/i18n';
import { CheckoutSection } from '@/features/checkout/components/CheckoutSection';
import { PaymentMethodField } from '@/features/checkout/components/PaymentMethodField';
import type { CheckoutFormState } from '@/features/checkout/use-checkout-form';

/** How the shopper pays. */
export function PaymentSection({ state }: { state: CheckoutFormState }) {
  const t = useT();
  return (
    <CheckoutSection title={t('checkout.section.payment')}>
      <PaymentMethodField value={state.form.paymentMethod} error={state.errors.payment_method} onChange={(method) => state.set('paymentMethod', method)} />
    </CheckoutSection>
  );
}
