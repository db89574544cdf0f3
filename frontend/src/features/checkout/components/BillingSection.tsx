import { CheckboxField } from '@/components/form/CheckboxField';
import { TextField } from '@/components/form/TextField';
import { useT } from '@/lib/i18n';
import { AddressFields } from '@/features/checkout/components/AddressFields';
import { CheckoutSection } from '@/features/checkout/components/CheckoutSection';
import type { CheckoutFormState } from '@/features/checkout/use-checkout-form';

/** Who is billed: the delivery address or another one, and the business a GST invoice names. */
export function BillingSection({ state }: { state: CheckoutFormState }) {
  const t = useT();
  const { form, errors } = state;
  return (
    <CheckoutSection title={t('checkout.section.billing')}>
      <CheckboxField id="billing-same" label={t('checkout.billing.same')} checked={form.billingSame} onChange={(checked) => state.set('billingSame', checked)} />
      {form.billingSame ? null : (
        <div className="mt-4">
          <AddressFields kind="billing" state={state} />
        </div>
      )}
      <div className="mt-4 border-t border-stone-200 pt-4">
        <CheckboxField
          id="gst-invoice"
          label={t('checkout.gst.want')}
          hint={t('checkout.gst.hint')}
          checked={form.gstInvoice}
          onChange={(checked) => state.set('gstInvoice', checked)}
        />
        {form.gstInvoice ? (
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <TextField
              id="gstin"
              name="gstin"
              label={t('checkout.gst.gstin')}
              hint={t('checkout.gst.gstinHint')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={15}
              className="[&_input]:uppercase"
              value={form.gstin}
              error={errors.gstin}
              onChange={(event) => state.set('gstin', event.target.value)}
            />
            <TextField
              id="business_name"
              name="business_name"
              label={t('checkout.gst.businessName')}
              autoComplete="organization"
              maxLength={200}
              value={form.businessName}
              error={errors.business_name}
              onChange={(event) => state.set('businessName', event.target.value)}
            />
          </div>
        ) : null}
      </div>
    </CheckoutSection>
  );
}
