// The orders list's filters as the URL keeps them
// (`/admin/orders?status=shipped&payment_method=cod&from=2026-11-01&q=anitha&page=2`), so a
// filtered list can be bookmarked and comes back after opening an order.
import type { OrderListFilters } from '@/lib/admin-paths';
import type { OrderStatus } from '@/types/orders';

/** The filters the list's URL may hold, in the order the API takes them. */
export const FILTERS = ['status', 'payment_method', 'payment_state', 'from', 'to', 'q', 'page'] as const satisfies readonly (keyof OrderListFilters)[];
export type FilterName = (typeof FILTERS)[number];

/** The tabs, in the order an order moves through them. */
export const STATUS_TABS: readonly OrderStatus[] = ['placed', 'awaiting_payment', 'confirmed', 'shipped', 'delivered', 'cancelled'];

/** The list's query for the API: only the filters it knows, blank ones left out. */
export function listQuery(params: URLSearchParams, perPage: number): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of FILTERS) {
    const value = params.get(name)?.trim();
    if (value) query[name] = value;
  }
  query.per_page = String(perPage);
  return query;
}

/** `params` with one filter set (or removed when blank); any change but paging goes back to page 1. */
export function withFilter(params: URLSearchParams, name: FilterName, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  if (name !== 'page') next.delete('page');
  return next;
}

/** How many filters besides the tab and the search are set (for the phone's folded filters). */
export const activeFilterCount = (params: URLSearchParams): number =>
  (['payment_method', 'payment_state', 'from', 'to'] as const).filter((name) => params.get(name)).length;
