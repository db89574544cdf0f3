// The checkout form's state: its values, the errors shown beside its fields, the saved address it
// was filled from, and the keys that restart the (self-contained) phone inputs when a number is
// filled in for the shopper.
import { useMemo, useState } from 'react';
import type { SavedAddress } from '@/types/orders';
import { ADDRESS_PATH, addressForm, cleanPincode, initialForm, isAddressEmpty, type AddressForm, type AddressKind, type CheckoutForm } from '@/features/checkout/checkout-form';

type PhoneOwner = 'contact' | AddressKind;

interface State {
  form: CheckoutForm;
  phoneKeys: Record<PhoneOwner, number>;
  /** The saved address the delivery address was filled from, until the shopper edits it. */
  savedId: number | null;
}

export interface Prefill {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  /** The account's standing choice for its phone: kept as it is unless the shopper changes it. */
  order_updates_on_phone?: boolean;
}

type Settable = 'billingSame' | 'gstInvoice' | 'gstin' | 'businessName' | 'notes' | 'paymentMethod' | 'saveAddress' | 'orderUpdates';

/** The API field paths each plain setting answers for. */
const SETTING_PATHS: Record<Settable, string[]> = {
  billingSame: [ADDRESS_PATH.billing],
  gstInvoice: ['gstin', 'business_name'],
  gstin: ['gstin'],
  businessName: ['business_name'],
  notes: ['notes'],
  paymentMethod: ['payment_method'],
  saveAddress: [],
  orderUpdates: ['order_updates_on_phone'],
};

const blank = (value: string) => value.trim() === '';

const restarted = (keys: State['phoneKeys'], owners: readonly PhoneOwner[]) => {
  const next = { ...keys };
  for (const owner of owners) next[owner] += 1;
  return next;
};

/** Drops the errors of the given field paths (and of everything under them). */
const without = (errors: Record<string, string>, paths: readonly string[]) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => !paths.some((path) => key === path || key.startsWith(`${path}.`))));

/** `onEdit` hears of every change the shopper makes (not of values filled in for them). */
export function useCheckoutForm(onEdit: () => void) {
  const [state, setState] = useState<State>(() => ({ form: initialForm(), phoneKeys: { contact: 0, shipping: 0, billing: 0 }, savedId: null }));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const actions = useMemo(() => {
    const edit = (recipe: (form: CheckoutForm) => CheckoutForm, paths: readonly string[], extra: Partial<State> = {}) => {
      setState((s) => ({ ...s, form: recipe(s.form), ...extra }));
      setErrors((current) => without(current, paths));
      onEdit();
    };
    return {
      setContact: (patch: Partial<CheckoutForm['contact']>) =>
        edit((f) => ({ ...f, contact: { ...f.contact, ...patch } }), Object.keys(patch).map((key) => `contact.${key}`)),
      setAddress: (kind: AddressKind, patch: Partial<AddressForm>) =>
        edit(
          (f) => ({ ...f, [kind]: { ...f[kind], ...patch } }),
          Object.keys(patch).map((key) => `${ADDRESS_PATH[kind]}.${key}`),
          kind === 'shipping' ? { savedId: null } : {},
        ),
      set: <K extends Settable>(key: K, value: CheckoutForm[K]) => edit((f) => ({ ...f, [key]: value }), SETTING_PATHS[key]),
      /** Fills the delivery address from a saved one. */
      chooseSaved: (address: SavedAddress) => {
        setState((s) => ({
          form: { ...s.form, shipping: addressForm(address), saveAddress: false },
          phoneKeys: restarted(s.phoneKeys, ['shipping']),
          savedId: address.id,
        }));
        setErrors((current) => without(current, [ADDRESS_PATH.shipping]));
        onEdit();
      },
      /** Fills whatever is still empty from the signed-in shopper's account and default address. */
      prefill: (user: Prefill, address?: SavedAddress) =>
        setState((s) => {
          const restart: PhoneOwner[] = [];
          const contact = { ...s.form.contact };
          if (blank(contact.name) && user.name) contact.name = user.name;
          if (blank(contact.email) && user.email) contact.email = user.email;
          // Ticked only when the account said yes for this very number (a no stays unticked).
          let orderUpdates = s.form.orderUpdates;
          if (blank(contact.phone.number) && user.phone) {
            contact.phone = { number: user.phone, valid: true };
            restart.push('contact');
            orderUpdates = orderUpdates || user.order_updates_on_phone === true;
          }
          const fillAddress = address !== undefined && isAddressEmpty(s.form.shipping);
          if (fillAddress) restart.push('shipping');
          return {
            form: { ...s.form, contact, orderUpdates, shipping: fillAddress ? addressForm(address) : s.form.shipping },
            phoneKeys: restarted(s.phoneKeys, restart),
            savedId: fillAddress ? address.id : s.savedId,
          };
        }),
      /**
       * Fills the district and state from the PIN code's place in India Post's directory, if the
       * address still has that PIN code (the shopper may have typed on); they can still correct them.
       */
      fillFromPincode: (kind: AddressKind, pin: string, place: { district: string | null; state: string }) => {
        setState((s) => {
          const address = s.form[kind];
          if (cleanPincode(address.pincode) !== pin) return s;
          const filled = { ...address, state: place.state, district: place.district ?? address.district };
          return { ...s, form: { ...s.form, [kind]: filled } };
        });
        setErrors((current) => without(current, [`${ADDRESS_PATH[kind]}.district`, `${ADDRESS_PATH[kind]}.state`]));
      },
      /** Puts the shopper's own name and number into the delivery address (they are often the recipient). */
      fillShippingFromContact: () => {
        setState((s) => ({
          ...s,
          form: { ...s.form, shipping: { ...s.form.shipping, name: s.form.contact.name.trim(), phone: s.form.contact.phone } },
          phoneKeys: restarted(s.phoneKeys, ['shipping']),
          savedId: null,
        }));
        setErrors((current) => without(current, [`${ADDRESS_PATH.shipping}.name`, `${ADDRESS_PATH.shipping}.phone`]));
        onEdit();
      },
      showErrors: setErrors,
    };
  }, [onEdit]);

  return { ...state, errors, ...actions };
}

/** The checkout form as its sections read and change it. */
export type CheckoutFormState = ReturnType<typeof useCheckoutForm>;
