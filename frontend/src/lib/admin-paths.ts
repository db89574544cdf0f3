// The back office's pages, as src/lib/paths.ts writes the shop's: each entry's `path` is the pattern
// src/app/admin/AdminApp.tsx registers (under `/admin/*`) and its `getHref(...)` builds the link.
// A file apart from the shop's so that the shop's first download carries no back-office links
// (a module goes into one chunk whole, and the shop's entry is near its size budget).
import { ADMIN_ROOT, page, segment, withQuery } from '@/lib/paths';
import type { InboxFilter } from '@/types/day-desk';
import type { OrderStatus } from '@/types/orders';

/** The orders list's filters, as its address keeps them (features/admin-orders/urls.ts). */
export interface OrderListFilters {
  status?: OrderStatus;
  payment_method?: string;
  payment_state?: string;
  from?: string;
  to?: string;
  q?: string;
  page?: number;
}

const adminOrder = (number: string) => `/admin/orders/${segment(number)}`;

export const adminPaths = {
  dashboard: page(ADMIN_ROOT),
  orders: { path: '/admin/orders', getHref: (filters: OrderListFilters = {}) => withQuery('/admin/orders', { ...filters }) },
  order: { path: '/admin/orders/:number', getHref: adminOrder },
  invoice: { path: '/admin/orders/:number/invoice', getHref: (number: string) => `${adminOrder(number)}/invoice` },
  packingSlip: { path: '/admin/orders/:number/packing-slip', getHref: (number: string) => `${adminOrder(number)}/packing-slip` },
  creditNote: { path: '/admin/orders/:number/credit-note', getHref: (number: string) => `${adminOrder(number)}/credit-note` },
  customers: page('/admin/customers'),
  customer: { path: '/admin/customers/:id', getHref: (id: number | string) => `/admin/customers/${segment(id)}` },
  guest: { path: '/admin/customers/guests/:key', getHref: (key: string) => `/admin/customers/guests/${segment(key)}` },
  /** The inbox: waiting messages unless `status` says otherwise. */
  messages: {
    path: '/admin/messages',
    getHref: (status?: InboxFilter) => withQuery('/admin/messages', { status: status === 'open' ? undefined : status }),
  },
  message: { path: '/admin/messages/:id', getHref: (id: number | string) => `/admin/messages/${segment(id)}` },
  products: page('/admin/products'),
  newProduct: page('/admin/products/new'),
  product: { path: '/admin/products/:id', getHref: (id: number | string) => `/admin/products/${segment(id)}` },
  lowStock: page('/admin/low-stock'),
  stocktake: page('/admin/stocktake'),
  brands: page('/admin/brands'),
  categories: page('/admin/categories'),
  awards: page('/admin/awards'),
  /** Shop by crop: the crops, their pests and diseases, and the words search treats as one. */
  crops: page('/admin/crops'),
  problems: page('/admin/problems'),
  synonyms: page('/admin/search-words'),
  bulk: page('/admin/bulk'),
  /** Goods from suppliers, batch by batch. */
  receipts: page('/admin/receipts'),
  /** Batches expiring soon, expired and waiting for disposal, undated. */
  expiry: page('/admin/expiry'),
  staff: page('/admin/staff'),
  audit: page('/admin/audit'),
  gst: page('/admin/gst'),
  /** The packing desk: confirmed orders without prices, for packers (and staff). */
  packing: page('/admin/packing'),
  packingOrder: { path: '/admin/packing/:number', getHref: (number: string) => `/admin/packing/${segment(number)}` },
  /** Several orders' packing slips from the packing desk, one a page. */
  packingPrint: { path: '/admin/packing/print', getHref: (numbers: string[]) => withQuery('/admin/packing/print', { numbers: numbers.join(',') }) },
  reports: page('/admin/reports'),
  /** The insecticide sales record and monthly return of a month. */
  registers: page('/admin/registers'),
  /** A batch's recipients and recall: the lookup, then one batch. */
  recall: page('/admin/recall'),
  batchRecall: { path: '/admin/batches/:id/recall', getHref: (id: number | string) => `/admin/batches/${segment(id)}/recall` },
  stockValue: page('/admin/stock-value'),
  /** Several orders' packing slips or invoices in one print, one a page. */
  ordersPrint: {
    path: '/admin/orders/print',
    getHref: (paper: 'packing-slip' | 'invoice', numbers: string[]) => withQuery('/admin/orders/print', { paper, numbers: numbers.join(',') }),
  },
  /** An order taken on the phone. */
  phoneOrder: page('/admin/orders/new'),
} as const;
