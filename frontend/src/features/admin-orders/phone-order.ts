// An order taken on the phone, as the desk's form holds it and as the API takes it: the caller,
// where it goes, what they asked for, how they pay, and their answer to order updates.
import type { EarlierOrder, PhoneOrderBody } from '@/types/orders-desk';

export type PhonePayment = 'cod' | 'upi';
export type MessageLanguage = 'en' | 'ml' | 'ta';

export interface PhoneOrderFields {
  phone: string;
  name: string;
  email: string;
  line1: string;
  line2: string;
  city: string;
  district: string;
  state: string;
  pincode: string;
  payment: PhonePayment;
  language: MessageLanguage;
  /** Ticked only when the caller said yes to order updates on WhatsApp/SMS. */
  consent: boolean;
  notes: string;
}

export const emptyPhoneOrder: PhoneOrderFields = {
  phone: '',
  name: '',
  email: '',
  line1: '',
  line2: '',
  city: '',
  district: '',
  state: '',
  pincode: '',
  payment: 'cod',
  language: 'en',
  consent: false,
  notes: '',
};

/** A pack size on the order, with what the desk shows beside it. */
export interface PhoneOrderLineDraft {
  variantId: number;
  /** The product's name with its pack size. */
  name: string;
  /** Rupees, GST included (the server prices the order again; this is only shown). */
  price: number;
  stock: number;
  quantity: number;
}

/** Adds a pack size, or one more of it when it is already on the order. */
export function addLine(lines: PhoneOrderLineDraft[], line: Omit<PhoneOrderLineDraft, 'quantity'>): PhoneOrderLineDraft[] {
  return lines.some((l) => l.variantId === line.variantId) ? lines.map((l) => (l.variantId === line.variantId ? { ...l, quantity: l.quantity + 1 } : l)) : [...lines, { ...line, quantity: 1 }];
}

/** The name, e-mail and address of an earlier order, for a caller who ordered before. */
export function fromEarlier(fields: PhoneOrderFields, earlier: EarlierOrder): PhoneOrderFields {
  const address = earlier.shipping_address;
  return {
    ...fields,
    name: earlier.name,
    email: earlier.email ?? '',
    line1: address.line1,
    line2: address.line2 ?? '',
    city: address.city,
    district: address.district,
    state: address.state,
    pincode: address.pincode,
  };
}

/** The body the API takes: blanks left out, the caller's number for the parcel too. */
export function phoneOrderBody(fields: PhoneOrderFields, lines: PhoneOrderLineDraft[]): PhoneOrderBody {
  const text = (value: string) => value.trim() || null;
  return {
    contact: { name: fields.name.trim(), email: text(fields.email), phone: fields.phone.trim() },
    shipping_address: {
      name: fields.name.trim(),
      phone: fields.phone.trim(),
      line1: fields.line1.trim(),
      line2: text(fields.line2),
      city: fields.city.trim(),
      district: fields.district.trim(),
      state: fields.state,
      pincode: fields.pincode.replace(/\s/g, ''),
    },
    lines: lines.map((line) => ({ variant_id: line.variantId, quantity: line.quantity })),
    payment_method: fields.payment,
    order_updates_on_phone: fields.consent,
    language: fields.language,
    notes: text(fields.notes),
  };
}
