// Checkout, orders and the address book, under the names the app uses: aliases of the generated
// types (api.generated.ts; see api.ts). Money is rupees here; convert with toPaise. Timestamps are
// UTC ISO 8601 without an offset.
import type { components } from '@/types/api.generated';

type Schemas = components['schemas'];

export type OrderStatus = Schemas['OrderStatus'];
export type PaymentMethod = Schemas['PaymentMethod'];
export type PlaceOfSupply = Schemas['PlaceOfSupply'];

export type PostalAddress = Schemas['Address'];
export type SavedAddress = Schemas['SavedAddress'];
/** `{ data }`: what GET /api/addresses answers. */
export type AddressList = Schemas['DataList_SavedAddress'];
export type StateOption = Schemas['StateView'];
export type OrderLine = Schemas['LineView'];
export type OrderTotals = Schemas['Totals'];

export type Seller = Schemas['Seller'];

export type Order = Schemas['OrderView'];

export type OrderSummary = Schemas['OrderSummary'];
/** One page of the order list. */
export type OrderPage = Schemas['Paged_OrderSummary'];

/** The body of POST /api/addresses. */
export type SavedAddressInput = Schemas['AddressBody'];
/** The body of POST /api/checkout. */
export type CheckoutInput = Schemas['CheckoutBody'];

/** A line checkout refused for want of stock (the 409's `lines`). */
export type ShortLine = Schemas['Shortage'];
