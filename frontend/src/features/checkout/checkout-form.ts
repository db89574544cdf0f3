// The checkout form's state, its checks (the server's rules, so most mistakes show before sending)
// and the body it becomes. Errors are keyed by the API's field paths (`shipping_address.pincode`),
// so the server's 422 and these checks land on the same fields.
import type { MessageId } from '@/lib/i18n';
import type { CheckoutInput, PaymentMethod, PostalAddress, SavedAddress } from '@/types/orders';

export interface PhoneValue {
  /** International format from the phone input ('' when empty). */
  number: string;
  valid: boolean;
}

export interface AddressForm {
  name: string;
  phone: PhoneValue;
  line1: string;
  line2: string;
  city: string;
  district: string;
  state: string;
  pincode: string;
}

export interface CheckoutForm {
  contact: { name: string; email: string; phone: PhoneValue };
  shipping: AddressForm;
  billingSame: boolean;
  billing: AddressForm;
  gstInvoice: boolean;
  gstin: string;
  businessName: string;
  notes: string;
  paymentMethod: PaymentMethod;
  saveAddress: boolean;
  /** "Send me order updates on WhatsApp/SMS" (DPDP Act consent for the contact number). */
  orderUpdates: boolean;
}

export type AddressKind = 'shipping' | 'billing';

/** The API's name for each address of the form. */
export const ADDRESS_PATH: Record<AddressKind, string> = { shipping: 'shipping_address', billing: 'billing_address' };

const noPhone: PhoneValue = { number: '', valid: false };

export const emptyAddress = (): AddressForm => ({ name: '', phone: noPhone, line1: '', line2: '', city: '', district: '', state: '', pincode: '' });

export const initialForm = (): CheckoutForm => ({
  contact: { name: '', email: '', phone: noPhone },
  shipping: emptyAddress(),
  billingSame: true,
  billing: emptyAddress(),
  gstInvoice: false,
  gstin: '',
  businessName: '',
  notes: '',
  paymentMethod: 'cod',
  saveAddress: false,
  orderUpdates: false,
});

/** A saved (or placed) address in the form's shape; its phone is E.164 and was valid when saved. */
export const addressForm = (address: PostalAddress | SavedAddress): AddressForm => ({
  name: address.name,
  phone: { number: address.phone, valid: true },
  line1: address.line1,
  line2: address.line2 ?? '',
  city: address.city,
  district: address.district,
  state: address.state,
  pincode: address.pincode,
});

export const isAddressEmpty = (address: AddressForm): boolean =>
  [address.name, address.phone.number, address.line1, address.line2, address.city, address.district, address.state, address.pincode].every(
    (value) => value.trim() === '',
  );

/** Spaces in a PIN code are dropped (the server does the same). */
export const cleanPincode = (pincode: string): string => pincode.replace(/\s+/g, '');

export const toPostalAddress = (address: AddressForm): PostalAddress => ({
  name: address.name.trim(),
  phone: address.phone.number,
  line1: address.line1.trim(),
  line2: address.line2.trim() === '' ? null : address.line2.trim(),
  city: address.city.trim(),
  district: address.district.trim(),
  state: address.state,
  pincode: cleanPincode(address.pincode),
});

export function toCheckoutInput(form: CheckoutForm): CheckoutInput {
  const gst = form.gstInvoice && form.gstin.trim() !== '';
  return {
    // Phone first: the e-mail address is optional, left out when blank.
    contact: { name: form.contact.name.trim(), email: form.contact.email.trim() || null, phone: form.contact.phone.number },
    shipping_address: toPostalAddress(form.shipping),
    billing_address: form.billingSame ? null : toPostalAddress(form.billing),
    gstin: gst ? form.gstin.trim().toUpperCase() : null,
    business_name: gst ? form.businessName.trim() : null,
    notes: form.notes.trim() === '' ? null : form.notes.trim(),
    payment_method: form.paymentMethod,
    // The shopper saw the choice: unticked is a no, not "not asked".
    order_updates_on_phone: form.orderUpdates,
  };
}

/** A field's problem, as a catalogue message. */
export type FormErrors = Record<string, MessageId>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PINCODE = /^[1-9]\d{5}$/;
// Two digits of state code, a PAN (5 letters, 4 digits, a letter), the entity number, Z, the check
// character. The server also checks the state code and the check character.
const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const length = (value: string) => value.trim().length;

function checkName(errors: FormErrors, path: string, name: string) {
  if (length(name) === 0) errors[path] = 'checkout.error.nameRequired';
  else if (length(name) < 2 || length(name) > 100) errors[path] = 'checkout.error.nameLength';
}

function checkPhone(errors: FormErrors, path: string, phone: PhoneValue) {
  if (phone.number.trim() === '') errors[path] = 'checkout.error.phoneRequired';
  else if (!phone.valid) errors[path] = 'checkout.error.phoneInvalid';
}

function checkAddress(errors: FormErrors, prefix: string, address: AddressForm) {
  checkName(errors, `${prefix}.name`, address.name);
  checkPhone(errors, `${prefix}.phone`, address.phone);
  if (length(address.line1) === 0) errors[`${prefix}.line1`] = 'checkout.error.line1Required';
  else if (length(address.line1) < 3 || length(address.line1) > 200) errors[`${prefix}.line1`] = 'checkout.error.line1Length';
  if (length(address.line2) > 200) errors[`${prefix}.line2`] = 'checkout.error.line2Length';
  if (length(address.city) < 2 || length(address.city) > 100) errors[`${prefix}.city`] = 'checkout.error.city';
  if (length(address.district) < 2 || length(address.district) > 100) errors[`${prefix}.district`] = 'checkout.error.district';
  if (address.state === '') errors[`${prefix}.state`] = 'checkout.error.state';
  if (!PINCODE.test(cleanPincode(address.pincode))) errors[`${prefix}.pincode`] = 'checkout.error.pincode';
}

/** Every problem the form has, by the API's field path; empty when it may be sent. */
export function validateCheckout(form: CheckoutForm): FormErrors {
  const errors: FormErrors = {};
  checkName(errors, 'contact.name', form.contact.name);
  if (length(form.contact.email) > 0 && !EMAIL.test(form.contact.email.trim())) errors['contact.email'] = 'checkout.error.emailInvalid';
  checkPhone(errors, 'contact.phone', form.contact.phone);
  checkAddress(errors, ADDRESS_PATH.shipping, form.shipping);
  if (!form.billingSame) checkAddress(errors, ADDRESS_PATH.billing, form.billing);
  if (form.gstInvoice) {
    if (!GSTIN.test(form.gstin.trim().toUpperCase())) errors.gstin = 'checkout.error.gstin';
    if (length(form.businessName) === 0) errors.business_name = 'checkout.error.businessName';
    else if (length(form.businessName) > 200) errors.business_name = 'checkout.error.businessNameLength';
  }
  if (length(form.notes) > 1000) errors.notes = 'checkout.error.notes';
  return errors;
}
