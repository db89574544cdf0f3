// The JSON of checkout, orders and the address book (docs/api.md, "Checkout and orders").
// Money is rupees here; convert with toPaise. Timestamps are UTC ISO 8601 without an offset.
import type { ShopProfile } from '@/types/api';

export type OrderStatus = 'placed' | 'awaiting_payment' | 'confirmed' | 'shipped' | 'delivered' | 'cancelled';

export type PaymentMethod = 'cod' | 'bank_transfer';

export type PlaceOfSupply = 'intra_state' | 'inter_state';

export interface PostalAddress {
  name: string;
  /** E.164 (`+919847012345`). */
  phone: string;
  line1: string;
  line2: string | null;
  city: string;
  district: string;
  /** As `GET /api/states` names it. */
  state: string;
  pincode: string;
}

export interface SavedAddress extends PostalAddress {
  id: number;
  label: string | null;
  is_default: boolean;
  updated_at: string;
}

/** The body of POST /api/addresses. */
export interface SavedAddressInput extends Omit<PostalAddress, 'line2'> {
  line2?: string | null;
  label?: string | null;
  is_default?: boolean;
}

export interface StateOption {
  name: string;
  /** The GST state code ("32" for Kerala). */
  code: string;
}

export interface OrderLine {
  product_id: number;
  variant_id: number;
  product_name: string;
  variant_name: string | null;
  sku: string;
  hsn_code: string;
  href: string;
  /** GST inclusive. */
  unit_price: number;
  gst_rate: number;
  quantity: number;
  taxable_value: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

export interface OrderTotals {
  item_count: number;
  subtotal: number;
  tax: number;
  cgst: number;
  sgst: number;
  igst: number;
  shipping: number;
  total: number;
}

export interface Seller {
  name: string;
  legal_name: string;
  address: ShopProfile['address'];
  gstin: string;
  state: string;
  phone: string;
  email: string;
}

export interface Order {
  uuid: string;
  number: string;
  status: OrderStatus;
  status_history: { status: OrderStatus; at: string }[];
  payment_method: PaymentMethod;
  placed_at: string;
  contact: { name: string; email: string; phone: string };
  shipping_address: PostalAddress;
  billing_address: PostalAddress;
  gstin: string | null;
  business_name: string | null;
  notes: string | null;
  place_of_supply: PlaceOfSupply;
  lines: OrderLine[];
  totals: OrderTotals;
  total_in_words: string;
  seller: Seller;
  invoice: { number: string; date: string };
}

export interface OrderSummary {
  uuid: string;
  number: string;
  status: OrderStatus;
  item_count: number;
  total: number;
  placed_at: string;
}

/** The body of POST /api/checkout. */
export interface CheckoutInput {
  contact: { name: string; email: string; phone: string };
  shipping_address: PostalAddress;
  billing_address: PostalAddress | null;
  gstin: string | null;
  business_name: string | null;
  notes: string | null;
  payment_method: PaymentMethod;
}

/** A line checkout refused for want of stock (the 409's `lines`). */
export interface ShortLine {
  product_id: number;
  variant_id: number;
  name: string;
  requested: number;
  available: number;
}
