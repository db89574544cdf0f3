// Checkout: who is buying, where it goes, who is billed, how they pay; and the order as it will be
// placed. The cart comes from the app (the cart feature owns it); placing the order hands the
// placed order back to the app, which empties the cart and shows the confirmation.
import '@/features/checkout/messages';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { PageError } from '@/components/ErrorBox';
import { PageLoading } from '@/components/PageLoading';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { weightRate } from '@/lib/delivery-fee';
import { pricedLine } from '@/lib/pricing';
import { useDelivery, usePincode, validPin } from '@/lib/queries/delivery';
import { useShop } from '@/lib/queries/shop';
import { useStates } from '@/lib/queries/states';
import { useUser } from '@/lib/queries/user';
import type { CartLine } from '@/types/api';
import type { Order } from '@/types/orders';
import { useAddresses } from '@/features/checkout/api/addresses';
import { BillingSection } from '@/features/checkout/components/BillingSection';
import { ContactSection } from '@/features/checkout/components/ContactSection';
import { EmptyCart } from '@/features/checkout/components/EmptyCart';
import { NotesSection } from '@/features/checkout/components/NotesSection';
import { PaymentSection } from '@/features/checkout/components/PaymentSection';
import { PlaceOrderPanel } from '@/features/checkout/components/PlaceOrderPanel';
import { ShippingSection } from '@/features/checkout/components/ShippingSection';
import { orderPreview, placeOfSupply } from '@/features/checkout/order-preview';
import { supplyStateName } from '@/features/checkout/gstin-state';
import { useCheckoutForm } from '@/features/checkout/use-checkout-form';
import { useCheckoutSubmit } from '@/features/checkout/use-checkout-submit';
import { useIdempotencyKey } from '@/features/checkout/use-idempotency-key';

export interface CheckoutScreenProps {
  /** The cart's lines; undefined while the cart loads. */
  lines: readonly CartLine[] | undefined;
  /** The order is placed (answered 201): the cart on the server is empty now. */
  onPlaced: (order: Order) => void;
  /** Checkout found the cart short of stock (or empty): the cart shown may be out of date. */
  onCartOutdated?: () => void;
  /** Opens the cart to change it. */
  onEditCart?: () => void;
}

export function CheckoutScreen({ lines, onPlaced, onCartOutdated, onEditCart }: CheckoutScreenProps) {
  const t = useT();
  useDocumentTitle(t('checkout.title'));
  const shop = useShop();
  const [placed, setPlaced] = useState<Order | null>(null);
  const handlePlaced = useCallback(
    (order: Order) => {
      setPlaced(order);
      onPlaced(order);
    },
    [onPlaced],
  );

  // Once placed, the emptied cart must not turn this into the empty-cart screen on the way out.
  if (placed) {
    return (
      <div className="container-page min-h-dvh py-10" role="status">
        <p className="text-lg font-semibold text-stone-900">{t('checkout.placed', { number: placed.number })}</p>
      </div>
    );
  }
  if (shop.isError) return <PageError onRetry={() => void shop.refetch()}>{t('checkout.loadError')}</PageError>;
  if (lines === undefined || !shop.data) return <PageLoading />;
  if (lines.length === 0) return <EmptyCart />;
  return (
    <CheckoutForm
      lines={lines}
      homeState={shop.data.home_state}
      onPlaced={handlePlaced}
      onCartOutdated={onCartOutdated}
      onEditCart={onEditCart}
    />
  );
}

interface CheckoutFormProps {
  lines: readonly CartLine[];
  homeState: string;
  onPlaced: (order: Order) => void;
  onCartOutdated?: () => void;
  onEditCart?: () => void;
}

function CheckoutForm({ lines, homeState, onPlaced, onCartOutdated, onEditCart }: CheckoutFormProps) {
  const t = useT();
  const idempotencyKey = useIdempotencyKey();
  const state = useCheckoutForm(idempotencyKey.changed);
  const user = useUser().data ?? null;
  const signedIn = user !== null;
  const savedAddresses = useAddresses(signedIn).data ?? [];
  const checkout = useCheckoutSubmit({ state, idempotencyKey, signedIn, savedAddresses, onPlaced, onCartOutdated });

  // A signed-in shopper's details, and their default address, fill whatever is still empty.
  const { prefill } = state;
  const defaultAddress = savedAddresses[0];
  useEffect(() => {
    if (user) prefill(user, defaultAddress);
  }, [user, defaultAddress, prefill]);

  const states = useStates().data ?? [];
  const place = placeOfSupply(homeState, supplyStateName(state.form, states));
  const delivery = useShippingZone(state.form.shipping);
  const rate = useMemo(() => (delivery.data?.rate ? weightRate(delivery.data.rate) : null), [delivery.data]);
  const preview = useMemo(() => orderPreview(lines.map((line) => ({ ...pricedLine(line), weightGrams: line.weight_grams })), place, rate), [lines, place, rate]);

  return (
    <div className="container-page py-6">
      <h1 className="text-3xl font-bold text-stone-900">{t('checkout.title')}</h1>
      <form noValidate onSubmit={checkout.submit} className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_26rem] lg:gap-8" aria-busy={checkout.pending}>
        {/* Held still while the order is being placed: a retry must send what the first try sent. */}
        <fieldset disabled={checkout.pending} className="m-0 min-w-0 space-y-6 border-0 p-0">
          <ContactSection state={state} signedIn={signedIn} />
          <ShippingSection state={state} signedIn={signedIn} savedAddresses={savedAddresses} delivery={delivery.data} />
          <BillingSection state={state} />
          <PaymentSection state={state} />
          <NotesSection state={state} />
        </fieldset>
        <PlaceOrderPanel
          lines={lines}
          preview={preview}
          freeAbove={rate?.freeAbovePaise ?? null}
          problem={checkout.problem}
          problemRef={checkout.problemRef}
          pending={checkout.pending}
          onEditCart={onEditCart}
        />
      </form>
    </div>
  );
}

/**
 * The delivery zone of the address's PIN code: its days and fee by weight. For a PIN code India
 * Post's directory does not list, the address's own district and state decide, once chosen.
 */
function useShippingZone(address: { pincode: string; district: string; state: string }) {
  const pin = validPin(address.pincode);
  const known = usePincode(pin).data;
  const ask = pin === null || known === undefined ? null : known ? { pin } : address.state ? { pin, district: address.district.trim(), state: address.state } : null;
  return useDelivery(ask);
}
