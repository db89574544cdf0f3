// Checkout: who is buying, where it goes, who is billed, how they pay; and the order as it will be
// placed. The cart comes from the app (the cart feature owns it); placing the order hands the
// placed order back to the app, which empties the cart and shows the confirmation.
import '@/features/checkout/messages';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageError } from '@/components/ErrorBox';
import { Icon } from '@/components/Icon';
import { PageLoading } from '@/components/PageLoading';
import { useToast } from '@/components/toast/useToast';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { t as translate, useT } from '@/lib/i18n';
import { toPaise } from '@/lib/money';
import { pricedLine } from '@/lib/pricing';
import { useShop } from '@/lib/queries/shop';
import { useStates } from '@/lib/queries/states';
import { useUser } from '@/lib/queries/user';
import type { CartLine } from '@/types/api';
import type { Order } from '@/types/orders';
import { addressesQuery, saveAddress, useAddresses } from '@/features/checkout/api/addresses';
import { shortLines, usePlaceOrder } from '@/features/checkout/api/place-order';
import { toCheckoutInput, toPostalAddress, validateCheckout } from '@/features/checkout/checkout-form';
import { AddressFields } from '@/features/checkout/components/AddressFields';
import { CheckboxField, TextAreaField, TextField } from '@/features/checkout/components/Field';
import { CheckoutProblem, type Problem } from '@/features/checkout/components/CheckoutProblem';
import { CheckoutSummary } from '@/features/checkout/components/CheckoutSummary';
import { PaymentMethodField } from '@/features/checkout/components/PaymentMethodField';
import { PhoneField } from '@/features/checkout/components/PhoneField';
import { SavedAddresses } from '@/features/checkout/components/SavedAddresses';
import { orderPreview, placeOfSupply } from '@/features/checkout/order-preview';
import { useCheckoutForm } from '@/features/checkout/use-checkout-form';
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
      freeAbove={toPaise(shop.data.shipping.free_above)}
      flatFee={toPaise(shop.data.shipping.flat_fee)}
      onPlaced={handlePlaced}
      onCartOutdated={onCartOutdated}
      onEditCart={onEditCart}
    />
  );
}

function EmptyCart() {
  const t = useT();
  return (
    <section className="container-page flex min-h-[60dvh] flex-col items-center justify-center py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-green-100 text-green-800">
        <Icon name="shopping-bag" className="size-8" />
      </span>
      <h1 className="mt-4 text-2xl font-bold text-stone-900">{t('checkout.empty.title')}</h1>
      <p className="mt-2 max-w-md text-stone-700">{t('checkout.empty.text')}</p>
      <Link to="/" className="btn-primary mt-6">
        {t('checkout.empty.shop')}
      </Link>
    </section>
  );
}

function Section({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-bold text-stone-900">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** The first element (in page order) among the ids with an error. */
function firstInvalid(ids: readonly string[]): HTMLElement | undefined {
  return ids
    .map((id) => document.getElementById(id))
    .filter((el): el is HTMLElement => el !== null)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
}

interface CheckoutFormProps {
  lines: readonly CartLine[];
  homeState: string;
  freeAbove: number;
  flatFee: number;
  onPlaced: (order: Order) => void;
  onCartOutdated?: () => void;
  onEditCart?: () => void;
}

function CheckoutForm({ lines, homeState, freeAbove, flatFee, onPlaced, onCartOutdated, onEditCart }: CheckoutFormProps) {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  const state = useCheckoutForm(idempotencyKey.changed);
  const { form, errors, phoneKeys, savedId } = state;
  const states = useStates();
  const user = useUser().data ?? null;
  const addresses = useAddresses(user !== null);
  const placeOrder = usePlaceOrder();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const problemRef = useRef<HTMLDivElement>(null);

  // A signed-in shopper's details, and their default address, fill whatever is still empty.
  const { prefill } = state;
  const defaultAddress = addresses.data?.[0];
  useEffect(() => {
    if (user) prefill(user, defaultAddress);
  }, [user, defaultAddress, prefill]);

  // After a failed attempt: the first field to correct, or else the message, gets the focus.
  useLayoutEffect(() => {
    if (focusRequest === 0) return;
    (firstInvalid(Object.keys(errors)) ?? problemRef.current)?.focus();
    // Only a new request moves the focus, not later edits of the errors.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const place = placeOfSupply(homeState, form.shipping.state);
  const preview = useMemo(() => orderPreview(lines.map(pricedLine), place, { freeAbove, flatFee }), [lines, place, freeAbove, flatFee]);

  const fail = (next: Problem, fieldErrors: Record<string, string> = {}) => {
    state.showErrors(fieldErrors);
    setProblem(next);
    setFocusRequest((n) => n + 1);
  };

  const onError = (error: unknown) => {
    idempotencyKey.failed();
    const short = shortLines(error);
    if (short.length > 0) {
      onCartOutdated?.();
      fail({ kind: 'stock', message: (error as Error).message, lines: short });
    } else if (isApiError(error, 422)) {
      // Field errors go beside their fields; the rest (the cart, the key) into the message.
      const fields: Record<string, string> = {};
      const general: string[] = [];
      for (const [path, messages] of Object.entries(error.errors)) {
        const message = messages[0] ?? error.message;
        if (document.getElementById(path)) fields[path] = message;
        else general.push(message);
      }
      if ('cart' in error.errors) onCartOutdated?.();
      if ('idempotency_key' in error.errors) idempotencyKey.renew();
      fail({ kind: 'fields', count: Object.keys(fields).length, general: general.length > 0 || Object.keys(fields).length > 0 ? general : [error.message] }, fields);
    } else if (isApiError(error)) {
      fail({ kind: 'failed', message: error.status >= 500 ? t('checkout.problem.server') : error.message });
    } else {
      fail({ kind: 'failed', message: t('checkout.problem.network') });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (placeOrder.isPending) return;
    const invalid = validateCheckout(form);
    const count = Object.keys(invalid).length;
    if (count > 0) {
      fail({ kind: 'fields', count, general: [] }, Object.fromEntries(Object.entries(invalid).map(([path, id]) => [path, translate(id)])));
      return;
    }
    setProblem(null);
    const input = toCheckoutInput(form);
    const keepAddress = user !== null && savedId === null && form.saveAddress;
    placeOrder.mutate(
      { input, idempotencyKey: idempotencyKey.current() },
      {
        onSuccess: (order) => {
          if (keepAddress) {
            saveAddress({ ...toPostalAddress(form.shipping), is_default: (addresses.data ?? []).length === 0 })
              .then(() => {
                toast.success(t('checkout.saved.done'));
                return queryClient.invalidateQueries({ queryKey: addressesQuery.queryKey });
              })
              .catch(() => toast.error(t('checkout.saved.failed')));
          }
          onPlaced(order);
        },
        onError,
      },
    );
  };

  const pending = placeOrder.isPending;
  const savedAddresses = addresses.data ?? [];
  // The shopper's own name and number, offered for the delivery address while it has others.
  const canUseContact =
    savedId === null &&
    form.contact.name.trim() !== '' &&
    form.contact.phone.valid &&
    (form.shipping.name.trim() !== form.contact.name.trim() || form.shipping.phone.number !== form.contact.phone.number);
  return (
    <div className="container-page py-6">
      <h1 className="text-3xl font-bold text-stone-900">{t('checkout.title')}</h1>
      <form noValidate onSubmit={submit} className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_26rem] lg:gap-8" aria-busy={pending}>
        {/* Held still while the order is being placed: a retry must send what the first try sent. */}
        <fieldset disabled={pending} className="m-0 min-w-0 space-y-6 border-0 p-0">
          <Section
            title={t('checkout.section.contact')}
            aside={
              user === null ? (
                <p className="text-sm text-stone-700">
                  {t('checkout.haveAccount')}{' '}
                  <Link to="/sign-in?next=/checkout" className="inline-flex min-h-11 items-center font-medium text-green-800 underline underline-offset-2">
                    {t('checkout.signIn')}
                  </Link>
                </p>
              ) : null
            }
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                id="contact.name"
                name="contact.name"
                label={t('checkout.field.name')}
                autoComplete="name"
                required
                maxLength={100}
                value={form.contact.name}
                error={errors['contact.name']}
                onChange={(event) => state.setContact({ name: event.target.value })}
              />
              <TextField
                id="contact.email"
                name="contact.email"
                type="email"
                inputMode="email"
                label={t('checkout.field.email')}
                hint={t('checkout.field.emailHint')}
                autoComplete="email"
                required
                value={form.contact.email}
                error={errors['contact.email']}
                onChange={(event) => state.setContact({ email: event.target.value })}
              />
              <PhoneField
                id="contact.phone"
                name="contact.phone"
                label={t('checkout.field.phone')}
                value={form.contact.phone}
                resetKey={phoneKeys.contact}
                error={errors['contact.phone']}
                onChange={(phone) => state.setContact({ phone })}
              />
            </div>
          </Section>

          <Section
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
            <AddressFields
              kind="shipping"
              address={form.shipping}
              states={states.data}
              errors={errors}
              phoneKey={phoneKeys.shipping}
              onChange={(patch) => state.setAddress('shipping', patch)}
            />
            {user !== null && savedId === null ? (
              <div className="mt-4">
                <CheckboxField id="save-address" label={t('checkout.saved.save')} checked={form.saveAddress} onChange={(checked) => state.set('saveAddress', checked)} />
              </div>
            ) : null}
          </Section>

          <Section title={t('checkout.section.billing')}>
            <CheckboxField id="billing-same" label={t('checkout.billing.same')} checked={form.billingSame} onChange={(checked) => state.set('billingSame', checked)} />
            {form.billingSame ? null : (
              <div className="mt-4">
                <AddressFields
                  kind="billing"
                  address={form.billing}
                  states={states.data}
                  errors={errors}
                  phoneKey={phoneKeys.billing}
                  onChange={(patch) => state.setAddress('billing', patch)}
                />
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
          </Section>

          <Section title={t('checkout.section.payment')}>
            <PaymentMethodField value={form.paymentMethod} error={errors.payment_method} onChange={(method) => state.set('paymentMethod', method)} />
          </Section>

          <Section title={t('checkout.section.notes')}>
            <TextAreaField
              id="notes"
              name="notes"
              label={t('checkout.field.notes')}
              optional={t('checkout.optional')}
              hint={t('checkout.field.notesHint')}
              maxLength={1000}
              value={form.notes}
              error={errors.notes}
              onChange={(event) => state.set('notes', event.target.value)}
            />
          </Section>
        </fieldset>

        <div className="space-y-4 lg:sticky lg:top-28">
          <CheckoutSummary lines={lines} preview={preview} freeAbove={freeAbove} onEditCart={onEditCart} />
          {problem ? <CheckoutProblem ref={problemRef} problem={problem} onEditCart={onEditCart} /> : null}
          <button type="submit" className="btn-primary w-full text-lg" disabled={pending}>
            {pending ? t('checkout.placing') : t('checkout.place')}
          </button>
          <p className="text-center text-sm text-stone-700">
            {t('checkout.agree')}{' '}
            <Link to="/terms-and-conditions" className="font-medium text-green-800 underline underline-offset-2">
              {t('nav.terms')}
            </Link>
          </p>
        </div>
      </form>
    </div>
  );
}
