import { CheckboxField } from '@/components/form/CheckboxField';
import { useT } from '@/lib/i18n';
import type { DeliveryAnswer } from '@/lib/queries/delivery';
import type { SavedAddress } from '@/types/orders';
import { AddressFields } from '@/features/checkout/components/AddressFields';
import { CheckoutSection } from '@/features/checkout/components/CheckoutSection';
import { SavedAddresses } from '@/features/checkout/components/SavedAddresses';
import type { CheckoutFormState } from '@/features/checkout/use-checkout-form';

interface ShippingSectionProps {
  state: CheckoutFormState;
  signedIn: boolean;
  /** The signed-in shopper's address book (empty for a visitor). */
  savedAddresses: readonly SavedAddress[];
  /** The delivery zone's answer for the address's PIN code, once known. */
  delivery?: DeliveryAnswer;
}

/** Where the order goes: a saved address, or a new one (which a signed-in shopper may save). */
export function ShippingSection({ state, signedIn, savedAddresses, delivery }: ShippingSectionProps) {
  const t = useT();
  const { form, savedId } = state;
  // The shopper's own name and number, offered for the delivery address while it has others.
  const canUseContact =
    savedId === null &&
    form.contact.name.trim() !== '' &&
    form.contact.phone.valid &&
    (form.shipping.name.trim() !== form.contact.name.trim() || form.shipping.phone.number !== form.contact.phone.number);
  return (
    <CheckoutSection
      title={t('checkout.section.shipping')}
      aside={
        canUseContact ? (
          <button type="button" className="inline-flex min-h-11 items-center text-sm font-medium text-green-800 underline underline-offset-2" onClick={state.fillShippingFromContact}>
            {t('checkout.useContact')}
          </button>
        ) : null
      }
    >
      {savedAddresses.length > 0 ? (
        <div className="mb-5">
          <SavedAddresses addresses={savedAddresses} selectedId={savedId} onSelect={state.chooseSaved} />
        </div>
      ) : null}
      <AddressFields kind="shipping" state={state} />
      {delivery ? (
        <p
          role="status"
          data-testid="delivery-note"
          className={`mt-4 rounded-lg px-3 py-2 text-sm font-medium ${delivery.served ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
        >
          {delivery.served && delivery.days
            ? t('checkout.delivery.days', { min: delivery.days.min, max: delivery.days.max })
            : t('checkout.delivery.notServed', { pin: delivery.pin })}
        </p>
      ) : null}
      {signedIn && savedId === null ? (
        <div className="mt-4">
          <CheckboxField id="save-address" label={t('checkout.saved.save')} checked={form.saveAddress} onChange={(checked) => state.set('saveAddress', checked)} />
        </div>
      ) : null}
    </CheckoutSection>
  );
}
