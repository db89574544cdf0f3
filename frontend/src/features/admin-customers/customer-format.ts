// How the customer screens read: the list's address (`?q=anitha&page=2`, so a search can be
// bookmarked and gone back to), order statuses in staff's words, and a saved address as lines.
import { formatPhone } from '@/lib/phone';
import type { OrderStatus, SavedAddress } from '@/types/orders';

export interface CustomerListState {
  q: string;
  page: number;
}

export function listStateFromParams(params: URLSearchParams): CustomerListState {
  return {
    q: params.get('q')?.trim() ?? '',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

/** The address's search for a list state: an empty search and the first page are left out. */
export function paramsFromListState({ q, page }: CustomerListState): URLSearchParams {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (page > 1) params.set('page', String(page));
  return params;
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  awaiting_payment: 'Awaiting payment',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** A saved address as the lines of a label. */
export function addressLines(address: SavedAddress): string[] {
  return [
    address.name,
    address.line1,
    address.line2,
    [address.city, address.district].filter(Boolean).join(', '),
    `${address.state} – ${address.pincode}`,
    formatPhone(address.phone),
  ].filter((line): line is string => Boolean(line));
}
