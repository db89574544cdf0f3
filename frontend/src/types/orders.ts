// Checkout, orders and the address book, under the names the app uses: aliases of the generated
// types (api.generated.ts; see api.ts). Money is rupees here; convert with toPaise. Timestamps are
// UTC ISO 8601 without an offset.
import type { components } from '@/types/api.generated';
import type { ShopProfile } from '@/types/api';

type Schemas = components['schemas'];

// The document types these as `string`; the server only ever sends these values.
export type OrderStatus = 'placed' | 'awaiting_payment' | 'confirmed' | 'shipped' | 'delivered' | 'cancelled';
export type PaymentMethod = 'cod' | 'bank_transfer';
export type PlaceOfSupply = 'intra_state' | 'inter_state';

export type PostalAddress = Schemas['Address'];
export type SavedAddress = Schemas['SavedAddress'];
/** `{ data }`: what GET /api/addresses answers. */
export type AddressList = Schemas['DataList_SavedAddress'];
export type StateOption = Schemas['StateView'];
export type OrderLine = Schemas['LineView'];
export type OrderTotals = Schemas['Totals'];

/** The seller block of an order; the document leaves it untyped, the server copies these shop-profile fields. */
export type Seller = Pick<ShopProfile, 'name' | 'legal_name' | 'address' | 'gstin' | 'phone' | 'email'> & { state: string };

/** OrderView with the closed sets of values (typed `string` by the document) and the seller (untyped there). */
export type Order = Omit<Schemas['OrderView'], 'status' | 'status_history' | 'payment_method' | 'place_of_supply' | 'seller'> & {
  status: OrderStatus;
  status_history: (Omit<Schemas['StatusChange'], 'status'> & { status: OrderStatus })[];
  payment_method: PaymentMethod;
  place_of_supply: PlaceOfSupply;
  seller: Seller;
};

/** A line of the order list, its status narrowed as in Order. */
export type OrderSummary = Omit<Schemas['OrderSummary'], 'status'> & { status: OrderStatus };
/** One page of the order list (Paged_OrderSummary, its status narrowed). */
export type OrderPage = Omit<Schemas['Paged_OrderSummary'], 'data'> & { data: OrderSummary[] };

/** The body of POST /api/addresses. */
export type SavedAddressInput = Schemas['AddressBody'];
/** The body of POST /api/checkout. */
export type CheckoutInput = Schemas['CheckoutBody'];

/**
 * A line checkout refused for want of stock (the 409's `lines`). The document does not describe
 * the 409's extra fields (ErrorBody), so this one shape stays written out: the server's Shortage.
 */
export interface ShortLine {
  product_id: number;
  variant_id: number;
  name: string;
  requested: number;
  available: number;
}
